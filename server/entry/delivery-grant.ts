import { type AccessResponse, QR_ACCESS_REASONS } from '@core/api/access';
import { DELIVERY_MESSAGES } from '@core/api/delivery-passes';
import type { FastifyInstance } from 'fastify';
import type { GateDevice } from '../authorization/device-key';
import type { DeliveryPassRow } from '../delivery/delivery-pass-queries';
import { giveDeliveryUseBack, takeDeliveryUse } from '../delivery/delivery-use';
import { queueDeliveryUseNotice } from '../delivery/delivery-use-jobs';
import { type GateLogDetails, gateLogTarget, openGate } from '../gates/open-gate';
import { commitRelayLog } from '../gates/relay-log-batcher';
import { GATE_DID_NOT_OPEN } from './qr-grant';
import { readerGaveUp } from './reader-deadline';

/** Who the log and the reader's screen name: the courier as the pass describes them. */
const courierOf = (pass: DeliveryPassRow) => ({ firstName: pass.name || 'Delivery', lastName: pass.company });

const logDetailsOf = (pass: DeliveryPassRow, credential: 'qr' | 'pin'): GateLogDetails => ({
  callerType: 'visitor',
  credential,
  creatorUserId: pass.createdBy,
  visitorDetails: { ...courierOf(pass), email: '' },
  qrCodeDetails: { qrFirstName: 'Delivery pass', qrLastName: pass.company },
});

/**
 * Decides a QR token or PIN that is a delivery pass of the gate's property: takes a use, opens the
 * gate, and gives the use back when the gate did not open or the scan only joined a pulse already
 * in flight. Null when it is no delivery pass here.
 */
export async function admitDelivery(
  app: FastifyInstance,
  gate: { device: GateDevice; property: { propertyName: string; propertyLocation: string } },
  credential: { tokenHash: string } | { pin: string },
  decideBy: number | undefined,
): Promise<AccessResponse | null> {
  const kind = 'pin' in credential ? 'pin' : 'qr';
  const decided = (outcome: string) => app.metrics.gateDecisions.inc({ credential: `delivery-${kind}`, outcome });
  const use = await takeDeliveryUse(app.db, app.config.secret, gate.device.propertyId, credential, app.config.now());
  if (!use) return null;
  const refuse = async (outcome: string, reason: string) => {
    decided(outcome);
    await commitRelayLog(app.db, {
      ...logDetailsOf(use.pass, kind),
      timestamp: app.config.now(),
      status: 'failed',
      reason,
      ...gateLogTarget(gate.device, gate.property),
    });
    return { granted: false, reason };
  };
  if (!use.taken) return refuse('refused', use.reason);
  if (readerGaveUp(decideBy, app.config.now())) {
    await giveDeliveryUseBack(app.db, use.pass.id);
    return refuse('late', QR_ACCESS_REASONS.late);
  }
  const opening = await openGate(app, { ...gate, logDetails: logDetailsOf(use.pass, kind) });
  if (opening.status === 'failed') {
    await giveDeliveryUseBack(app.db, use.pass.id);
    decided('relay_failed');
    return { granted: false, reason: GATE_DID_NOT_OPEN };
  }
  decided('granted');
  // A use is one opening: a scan that shared a pulse already in flight opened nothing of its own.
  if (opening.joined) await giveDeliveryUseBack(app.db, use.pass.id);
  else await queueDeliveryUseNotice(app, use.pass, gate.device.id, app.config.now());
  return { granted: true, reason: DELIVERY_MESSAGES.granted, visitor: courierOf(use.pass) };
}
