import { z } from 'zod';
// Why a gate did not open, apart from the device texts so that only the screens and routes that open gates load these sentences.
/**
 * Why a gate did not open, as far as the server could tell: the relay did not answer, refused the
 * credentials, answered with an error; the command could not be sent (an address the server may
 * not call, no MQTT broker); or its outcome was lost.
 */
export const RELAY_FAILURES = [
  'no-answer',
  'credentials-refused',
  'error-answer',
  'address-refused',
  'no-broker',
  'outcome-unknown',
] as const;
export type RelayFailure = (typeof RELAY_FAILURES)[number];

/** What a person reads when `name` did not open: what happened, and what can be done. */
const GATE_FAILURES: Record<RelayFailure, (name: string) => string> = {
  'no-answer': (name) => `${name} isn't answering. It may be without power or network.`,
  'credentials-refused': (name) =>
    `${name} refused the user name and password Gatehouse has for it, so it did not open. A super administrator can correct them in the device settings.`,
  'error-answer': (name) =>
    `${name} answered with an error and did not open. Please try again; if it keeps happening, the gate device needs checking.`,
  'address-refused': (name) =>
    `${name} has an address Gatehouse is not allowed to call, so the command was not sent. A super administrator can correct it in the device settings.`,
  'no-broker': (name) =>
    `Gatehouse has no connection to the MQTT broker ${name} listens on, so the command was not sent. Please try again in a minute.`,
  'outcome-unknown': (name) =>
    `Gatehouse lost track of the command to ${name}: it may or may not have opened. Look before trying again.`,
};

export const gateFailedSentence = (name: string, failure: RelayFailure) => GATE_FAILURES[failure](name);

/**
 * One command sent to a relay and whether it worked; `joined` when this press sent nothing and
 * shared the pulse another press had just sent (decision 0071).
 */
export const relayOperationSchema = z.object({
  command: z.string(),
  success: z.boolean(),
  joined: z.boolean().optional(),
});
