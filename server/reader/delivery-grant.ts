import { DELIVERY_MESSAGES } from '@core/api/delivery-passes';
import type { EntryAnswer } from '@core/api/entry';
import type { DeliveryPassRow } from '../delivery/delivery-pass-queries';
import { giveDeliveryUseBack, takeDeliveryUse } from '../delivery/delivery-use';
import { queueDeliveryUseNotice } from '../delivery/delivery-use-jobs';
import type { DeviceRow } from '../device-records/device-row';
import { decideAtGate, type GateDeps, type GateLogDetails } from '../gates/gate-decision';
import type { PlatformDeps } from '../platform/deps';

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
 * A QR token or PIN that is a delivery pass of the gate's property: takes a use (identifying the
 * pass), then the gate decision; the use goes back when nothing opened or the scan only joined a
 * pulse already in flight. Null when it is no delivery pass here.
 */
export async function admitDelivery(
  app: PlatformDeps,
  gate: GateDeps,
  at: { device: DeviceRow; property: { propertyName: string; propertyLocation: string; timeZone: string } },
  credential: { tokenHash: string } | { pin: string },
  decideBy: number | undefined,
): Promise<EntryAnswer | null> {
  const kind = 'pin' in credential ? 'pin' : 'qr';
  const use = await takeDeliveryUse(gate.db, app.config.secret, at.device.propertyId, credential, gate.now());
  if (!use) return null;
  const call = {
    ...at,
    who: logDetailsOf(use.pass, kind),
    counted: `delivery-${kind}`,
    decideBy,
    passGateIds: use.pass.gateIds,
  };
  if (!use.taken) return (await decideAtGate(gate, call, { refuse: 'refused', reason: use.reason })).answer;
  const grant = { reason: DELIVERY_MESSAGES.granted, visitor: courierOf(use.pass) };
  const decision = await decideAtGate(gate, call, { grant });
  // A use is one opening: a scan that opened nothing, or shared a pulse already in flight, gives it back.
  if (decision.outcome !== 'granted' || decision.opening?.joined) await giveDeliveryUseBack(gate.db, use.pass.id);
  else await queueDeliveryUseNotice(app, use.pass, at.device.id, gate.now());
  return decision.answer;
}
