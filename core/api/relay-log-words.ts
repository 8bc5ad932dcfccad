import type { RelayLogDto } from './relay-logs';

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
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

/**
 * Each relay operation of a log row in words ('Pulse sent', 'Relay did not answer in 5 s'); a row
 * refused before any pulse says so, as does an opening still in flight or left by a stopped server. The raw commands stay in the API, the CSV and on demand.
 */
export function operationWords(log: RelayLogDto): string[] {
  if (log.status === 'pending') return ['Waiting for the relay'];
  if (log.status === 'unknown') return ['Outcome unknown'];
  if (!log.relayOperations.length) return ['No pulse sent'];
  return log.relayOperations.map((operation) =>
    operation.success ? 'Pulse sent' : relayFailureWords(log.status === 'success' ? null : log.reason),
  );
}
