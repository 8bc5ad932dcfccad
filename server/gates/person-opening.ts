import type { TriggerRelayResponse } from '@core/api/devices';
import { gateFailedSentence } from '@core/api/gate-failures';
import type { Caller } from '../authorization/caller';
import type { DeviceRow } from '../device-records/device-row';
import { forbidden } from '../platform/errors/http-error';
import { decideAtGate, type GateDeps } from './gate-decision';
import { admitRemoteOpen } from './remote-open-limit';

type GateAt = Parameters<typeof decideAtGate>[1];

export interface PersonOpening {
  status: 200 | 502;
  answer: TriggerRelayResponse;
  /** The relay's own outcome: 'failed' when it did not open. */
  relayStatus: string;
  logId: string;
}

/**
 * A signed-in person opening a gate from afar (the app's button, an answered intercom call): the
 * remote-open limits, then the one gate decision with them as the holder, so their groups,
 * schedule, suspension, access dates and the lockdown apply whatever the button. A refusal by a
 * property rule asks nothing of the relay and is a 403 in the rule's words.
 */
export async function openAsPerson(
  gate: GateDeps,
  at: { device: DeviceRow; property: GateAt['property'] },
  caller: Caller,
  credential: 'remote' | 'intercom',
  openedMessage: string,
): Promise<PersonOpening> {
  const { device, property } = at;
  await admitRemoteOpen(gate.db, caller.userId, device.id, gate.now());
  const who = {
    callerType: 'user' as const,
    credential,
    actorUserId: caller.userId,
    userDetails: {
      firstName: caller.firstName,
      lastName: caller.lastName,
      email: caller.email,
      phoneNumber: caller.phoneNumber,
    },
  };
  // Remote opens were never counted in gateDecisions (relayPulses counts their pulses).
  const decision = await decideAtGate(
    gate,
    { device, property, who, counted: null },
    { grant: { reason: openedMessage } },
  );
  const opening = decision.opening;
  if (!opening) throw forbidden(decision.answer.notice ?? decision.answer.reason);
  const answer = {
    status: opening.status,
    relayOperations: opening.relayOperations,
    totalDuration: opening.totalDurationMs,
  };
  const common = { relayStatus: opening.status, logId: opening.logId };
  if (opening.status === 'success') return { ...common, status: 200, answer: { ...answer, message: openedMessage } };
  // The person reads what happened in words; the relay's technical reason stays in the log.
  const failure = opening.failure ?? 'error-answer';
  return {
    ...common,
    status: 502,
    answer: { ...answer, failure, message: gateFailedSentence(device.deviceName, failure) },
  };
}
