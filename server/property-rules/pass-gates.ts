import { PASS_GATE_MESSAGES } from '@core/api/pass-gates';
import { devicesOfPropertyAmong } from '../device-records/property-gates';
import type { Queryable } from '../platform/db/connect';
import { badRequest } from '../platform/errors/http-error';
import { gateSchedulesOfUser } from './gate-schedules';
import { inNoGateGroup } from './gateless-resident';

/**
 * The gates a new pass is narrowed to, checked against its creator's: a resident's are the gates
 * their groups include (at any hour: the pass's own window says when), a manager's every gate of
 * the property. Null: not narrowed. Refuses other gates on the field, and a pass of a resident in
 * no group that includes a gate (no gate would accept it), changing nothing.
 */
export async function passGatesOf(
  db: Queryable,
  creator: { userId: string; role: string },
  propertyId: string,
  gateIds: string[] | undefined,
): Promise<string[] | null> {
  if (creator.role === 'resident' && (await inNoGateGroup(db, creator.userId)))
    throw badRequest(PASS_GATE_MESSAGES.noGateWouldAccept);
  if (!gateIds) return null;
  const wanted = [...new Set(gateIds)];
  const ofProperty = await devicesOfPropertyAmong(db, propertyId, wanted);
  const usable =
    creator.role === 'resident'
      ? new Set((await gateSchedulesOfUser(db, creator.userId)).keys())
      : new Set(ofProperty.map((gate) => gate.id));
  const allowed = ofProperty.filter((gate) => usable.has(gate.id));
  if (allowed.length !== wanted.length) throw badRequest(PASS_GATE_MESSAGES.notYours, 'gateIds');
  return wanted;
}
