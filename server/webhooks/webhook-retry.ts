/** Waits before each automatic retry, after the first attempt: 5 s, 30 s, 2 min, 15 min, 1 h, 6 h, 24 h. */
export const RETRY_WAITS_MS = [5, 30, 120, 900, 3600, 6 * 3600, 24 * 3600].map((seconds) => seconds * 1000);

/** An endpoint whose every delivery failed for this long is switched off and its managers told. */
export const SWITCH_OFF_AFTER_MS = 5 * 24 * 3600 * 1000;

/** When the next automatic attempt is due after attempt `attempt` failed; null: no more. */
export function nextAttemptAfter(attempt: number, failedAt: Date): Date | null {
  const wait = RETRY_WAITS_MS[attempt - 1];
  return wait === undefined ? null : new Date(failedAt.getTime() + wait);
}
