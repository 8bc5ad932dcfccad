import type { GateDevice } from '../authorization/route-permissions';
import { commitRelayLog } from '../gates/relay-log-batcher';
import type { Orm } from '../platform/db/connect';
import type { ScannedCode } from './qr-queries';

export interface ScanContext {
  device: GateDevice;
  property: { propertyName: string; propertyLocation: string } | null;
  scanned: ScannedCode | null;
  now: Date;
}

/** Who a scan was about, for the relay log (only what is known about the code). */
export function visitorLogDetails({ device, property, scanned }: ScanContext) {
  return {
    callerType: 'visitor' as const,
    credential: 'qr' as const,
    propertyId: device.propertyId,
    deviceId: device.id,
    creatorUserId: scanned?.creator.id ?? null,
    visitorDetails: scanned?.visitor ?? null,
    qrCodeDetails: scanned ? { qrFirstName: scanned.code.qrFirstName, qrLastName: scanned.code.qrLastName } : null,
    creatorDetails: scanned
      ? {
          firstName: scanned.creator.firstName,
          lastName: scanned.creator.lastName,
          email: scanned.creator.email,
          phoneNumber: scanned.creator.phoneNumber,
        }
      : null,
    deviceDetails: { deviceName: device.deviceName, deviceType: device.deviceType },
    propertyDetails: property
      ? { propertyName: property.propertyName, propertyLocation: property.propertyLocation }
      : null,
  };
}

/** A refused scan: one failed relay log with the reason, and no pulse. */
export async function refuseScan(db: Orm, context: ScanContext, reason: string) {
  await commitRelayLog(db, { ...visitorLogDetails(context), timestamp: context.now, status: 'failed', reason });
}
