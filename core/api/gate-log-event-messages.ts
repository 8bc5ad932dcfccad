import type { GateLogDto } from './gate-log';

const seconds = (ms: string) => `${Number(ms) / 1000} s`;

/** The relay's failure as people say it, from the reason the server recorded. */
export function relayFailureWords(reason: string | null): string {
  if (!reason) return 'Relay did not confirm the pulse';
  const answered = /did not answer within (\d+) ms/.exec(reason);
  if (answered) return `Relay did not answer in ${seconds(answered[1])}`;
  const connected = /no connection to the relay within (\d+) ms/.exec(reason);
  if (connected) return `No connection to the relay in ${seconds(connected[1])}`;
  const status = /answered HTTP (\d+)/.exec(reason);
  if (status) return `Relay answered with an error (HTTP ${status[1]})`;
  // The socket's error code ("(ECONNRESET)") is for whoever fixes the relay: it stays in the details.
  const plain = reason.replace(/\s*\([A-Z0-9_]+\)$/, '');
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}

/** True when the relay was asked and at least one command failed (not a refused code or PIN). */
export function relayFailed(log: GateLogDto): boolean {
  return log.status !== 'success' && log.relayOperations.some((operation) => !operation.success);
}

const RELAY_SENTENCES: [RegExp, string][] = [
  [/did not answer/, 'the gate device did not answer in time'],
  [/no connection|could not be reached|connection broke/, 'the gate device could not be reached'],
  [/credentials/, 'the gate device refused its password'],
  [/answered HTTP/, 'the gate device reported an error'],
  [/local address/, 'the gate device address is not allowed'],
];

/**
 * The Status column's sentence for a row that did not succeed: why, in plain words. A refusal
 * (expired code, wrong PIN) is already a sentence; a relay failure's technical reason is not.
 */
export function statusSentence(log: GateLogDto): string | null {
  if (log.status === 'success') return null;
  if (!relayFailed(log)) return log.reason;
  const why = RELAY_SENTENCES.find(([pattern]) => pattern.test(log.reason ?? ''))?.[1];
  const opened = log.status === 'partial' ? 'The gate may not have opened' : 'The gate did not open';
  return why ? `${opened}: ${why}.` : `${opened}.`;
}

/**
 * Each relay operation of a log row in words ('Pulse sent', 'Relay did not answer in 5 s'); a row
 * refused before any pulse says so, as does an opening still in flight or left by a stopped server. The raw commands stay in the API, the CSV and on demand.
 */
export function operationWords(log: GateLogDto): string[] {
  if (log.status === 'pending') return ['Waiting for the relay'];
  if (log.status === 'unknown') return ['Outcome unknown'];
  if (log.status === 'notice') return ['Gate state changed'];
  if (!log.relayOperations.length) return ['No pulse sent'];
  // A hold or its release latches the relay rather than pulsing it: the row says which, in its own words.
  const held = log.credential === 'hold' || log.credential === 'schedule';
  const done = held ? (log.reason ?? 'Gate hold changed') : 'Pulse sent';
  return log.relayOperations.map((operation) => {
    if (operation.joined) return operation.success ? 'Joined the pulse just sent' : 'Joined a pulse that failed';
    return operation.success ? done : relayFailureWords(log.status === 'success' ? null : log.reason);
  });
}
