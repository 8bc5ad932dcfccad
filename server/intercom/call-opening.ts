import type { TriggerRelayResponse } from '@core/api/devices';
import { INTERCOM_WORDS } from '@core/api/intercom';
import type { Caller } from '../authorization/caller';
import { findDevice } from '../device-records/device-store';
import type { GateDeps } from '../gates/gate-decision';
import { openAsPerson } from '../gates/person-opening';
import { conflict, forbidden, notFound } from '../platform/errors/http-error';
import { findProperty } from '../property-records/property-queries';
import { type CallRow, markOpened } from './call-store';

export const OPENED_FROM_CALL = 'Gate opened successfully!';

export type CallOpening = { status: 200 | 502; answer: TriggerRelayResponse };

/**
 * "Open gate" in an answered call: the one gate decision with the credential `intercom` and the
 * answering resident as the holder, so their groups, schedule, suspension, access dates, the
 * lockdown and the remote-open limits apply exactly as when they open from the app. Only the
 * device that answered, only while the call is answered; the log row is linked from the call.
 */
export async function openFromCall(gate: GateDeps, call: CallRow, caller: Caller): Promise<CallOpening> {
  if (call.calleeUserId !== caller.userId || call.answeredSessionId !== caller.sessionId) {
    if (call.status !== 'answered') throw conflict(INTERCOM_WORDS.notActive);
    throw forbidden(INTERCOM_WORDS.notYours);
  }
  if (call.status !== 'answered') throw conflict(INTERCOM_WORDS.notActive);
  const [device, property] = await Promise.all([
    findDevice(gate.db, call.deviceId),
    findProperty(gate.db, call.propertyId),
  ]);
  if (!device || !property) throw notFound('Device not found');
  const opened = await openAsPerson(gate, { device, property }, caller, 'intercom', OPENED_FROM_CALL);
  if (opened.relayStatus !== 'failed') await markOpened(gate.db, call.id, opened.logId, gate.now());
  return { status: opened.status, answer: opened.answer };
}
