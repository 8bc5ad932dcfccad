import type { QR_ACCESS_REASONS } from '@core/api/access';
import { decideQrAt } from '@core/validity/qr-validity';
import type { ScannedCode } from './qr-queries';

export type QrScanOutcome = keyof typeof QR_ACCESS_REASONS;

/** Whether the gate of `devicePropertyId` opens for a scanned code at `now`. */
export function decideScan(scanned: ScannedCode | null, devicePropertyId: string, now: Date): QrScanOutcome {
  if (!scanned) return 'unknown';
  if (scanned.code.propertyId !== devicePropertyId) return 'otherProperty';
  return decideQrAt(scanned.code, now, scanned.timeZone);
}
