import type { RelayFailure } from '@core/api/devices';
import type { FastifyInstance } from 'fastify';
import { recordRelayResult } from '../device-health/seen-writes';
import type { devices, RelayOperation } from '../platform/db/schema';
import { findProperty, type PropertyRow } from '../properties/property-queries';
import type { RelayLogEntry } from '../relay-logs/relay-log-records';
import { openingLeaseUntil } from './abandoned-openings';
import { pulseRelay } from './pulse-relay';
import { statusOf } from './pulse-status';
import { commitOpeningOutcome, commitPendingOpening } from './relay-log-batcher';

export { statusOf };

export type DeviceRow = typeof devices.$inferSelect;
export type GateLogDetails = Pick<
  RelayLogEntry,
  | 'callerType'
  | 'credential'
  | 'actorUserId'
  | 'creatorUserId'
  | 'userDetails'
  | 'visitorDetails'
  | 'qrCodeDetails'
  | 'creatorDetails'
  | 'reason'
>;

export interface GateOpening {
  status: 'success' | 'failed' | 'partial';
  relayOperations: RelayOperation[];
  totalDurationMs: number;
  logId: string;
  /** Why the relay failed, when it did: in the log's words, and its kind for the person who pressed. */
  error?: string;
  failure?: RelayFailure;
  /** This press shared a pulse another press had started, and caused no opening of its own. */
  joined: boolean;
}

/** The device and property part of a relay log entry: ids and snapshots of their names. */
type LoggedProperty = Pick<PropertyRow, 'propertyName' | 'propertyLocation'>;

export function gateLogTarget(device: DeviceRow, property: LoggedProperty | null) {
  return {
    propertyId: device.propertyId,
    deviceId: device.id,
    deviceDetails: { deviceName: device.deviceName, deviceType: device.deviceType },
    propertyDetails: property
      ? { propertyName: property.propertyName, propertyLocation: property.propertyLocation }
      : null,
  };
}

/**
 * Opens a gate: commits the attempt's relay log row as pending, pulses the device's relay, then
 * completes the row with what the relay did. A process that dies in between leaves the row to be
 * marked outcome unknown (abandoned-openings.ts): every opening is in the log. Relay failures are
 * answered, never thrown. Pass `property` when the caller already loaded it, to save a query.
 */
export async function openGate(
  app: FastifyInstance,
  request: { device: DeviceRow; logDetails: GateLogDetails; property?: LoggedProperty | null },
): Promise<GateOpening> {
  const { device, logDetails } = request;
  const property = request.property ?? (await findProperty(app.db, device.propertyId));
  const pressedAt = app.config.now();
  const logId = await commitPendingOpening(
    app.db,
    { ...logDetails, timestamp: pressedAt, status: 'pending', ...gateLogTarget(device, property) },
    openingLeaseUntil(app, pressedAt),
  );
  const pulse = await pulseRelay(app, device);
  const status = statusOf(pulse.operations);
  const totalDurationMs = Math.round(pulse.durationMs);
  await Promise.all([
    commitOpeningOutcome(app.db, {
      id: logId,
      status,
      reason: logDetails.reason ?? pulse.error ?? null,
      relayOperations: pulse.operations,
      totalDurationMs,
    }),
    recordRelayResult(app, device.id, pulse.operations),
  ]);
  return {
    status,
    relayOperations: pulse.operations,
    totalDurationMs,
    logId,
    error: pulse.error,
    failure: pulse.failure,
    joined: pulse.joined,
  };
}
