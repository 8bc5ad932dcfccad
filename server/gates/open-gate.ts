import type { RelayFailure } from '@core/api/devices';
import type { FastifyInstance } from 'fastify';
import type { devices, RelayOperation } from '../db/schema';
import { findProperty, type PropertyRow } from '../properties/property-repository';
import type { RelayLogEntry } from '../relay-logs/relay-log-writer';
import { pulseRelay } from './pulse-relay';
import { statusOf } from './pulse-status';

export { statusOf };

import { recordRelayResult } from '../device-health/seen-writes';
import { commitRelayLog } from './relay-log-batcher';

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
 * Opens a gate: pulses the device's relay and writes the relay log row of this attempt,
 * whatever the relay did. Relay failures are answered, never thrown. Pass `property` when the
 * caller already loaded it, to save a query.
 */
export async function openGate(
  app: FastifyInstance,
  request: { device: DeviceRow; logDetails: GateLogDetails; property?: LoggedProperty | null },
): Promise<GateOpening> {
  const { device, logDetails } = request;
  const [pulse, property] = await Promise.all([
    pulseRelay(app, device),
    request.property ?? findProperty(app.db, device.propertyId),
  ]);
  const status = statusOf(pulse.operations);
  const totalDurationMs = Math.round(pulse.durationMs);
  const [logId] = await Promise.all([
    commitRelayLog(app.db, {
      ...logDetails,
      reason: logDetails.reason ?? pulse.error ?? null,
      timestamp: app.config.now(),
      status,
      ...gateLogTarget(device, property),
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
  };
}
