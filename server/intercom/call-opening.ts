import type { TriggerRelayResponse } from '@core/api/devices';
import { gateFailedSentence } from '@core/api/gate-failures';
import { INTERCOM_WORDS } from '@core/api/intercom';
import type { Caller } from '../authorization/caller';
import { findDevice } from '../device-records/device-store';
import { decideAtGate, type GateDeps } from '../gates/gate-decision';
import { admitRemoteOpen } from '../gates/remote-open-limit';
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
  await admitRemoteOpen(gate.db, caller.userId, device.id, gate.now());
  const who = {
    callerType: 'user' as const,
    credential: 'intercom' as const,
    actorUserId: caller.userId,
    userDetails: {
      firstName: caller.firstName,
      lastName: caller.lastName,
      email: caller.email,
      phoneNumber: caller.phoneNumber,
    },
  };
  const decision = await decideAtGate(
    gate,
    { device, property, who, counted: null },
    { grant: { reason: OPENED_FROM_CALL } },
  );
  const opening = decision.opening;
  // Refused by a property rule (lockdown, hours, suspension): nothing was asked of the relay.
  if (!opening) throw forbidden(decision.answer.notice ?? decision.answer.reason);
  if (opening.status !== 'failed') await markOpened(gate.db, call.id, opening.logId, gate.now());
  const answer = {
    status: opening.status,
    relayOperations: opening.relayOperations,
    totalDuration: opening.totalDurationMs,
  };
  if (opening.status === 'success') return { status: 200, answer: { ...answer, message: OPENED_FROM_CALL } };
  const failure = opening.failure ?? 'error-answer';
  return { status: 502, answer: { ...answer, failure, message: gateFailedSentence(device.deviceName, failure) } };
}
