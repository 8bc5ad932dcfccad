import { type AccessResponse, QR_ACCESS_REASONS } from '@core/api/access';
import type { FastifyInstance } from 'fastify';
import { openGate } from '../gates/open-gate';
import { queueArrivalNotification } from './arrival-jobs';
import type { ScanContext } from './qr-denial';
import { visitorLogDetails } from './qr-denial';
import type { ScannedCode } from './qr-queries';

export const GATE_DID_NOT_OPEN = 'The gate did not respond. Please try again.';

/** A valid code: pulse the relay (openGate writes the log), then tell the resident if they asked. */
export async function grantScan(
  app: FastifyInstance,
  context: ScanContext & { scanned: ScannedCode },
): Promise<AccessResponse> {
  const { device, property, scanned, now } = context;
  const { callerType, credential, creatorUserId, visitorDetails, qrCodeDetails, creatorDetails } =
    visitorLogDetails(context);
  const opening = await openGate(app, {
    device,
    property,
    logDetails: { callerType, credential, creatorUserId, visitorDetails, qrCodeDetails, creatorDetails },
  });
  if (opening.status === 'failed') return { granted: false, reason: GATE_DID_NOT_OPEN };
  await queueArrivalNotification(app, scanned, device.id, now);
  return {
    granted: true,
    reason: QR_ACCESS_REASONS.valid,
    visitor: { firstName: scanned.visitor.firstName, lastName: scanned.visitor.lastName },
  };
}
