import { type PauseFacts, pausedAccessSentence } from '@core/api/paused-access';
import { HttpError } from '../platform/errors/http-error';

/** Whether the person is suspended or outside their access dates today, in their property's calendar. */
export function isPausedNow(facts: PauseFacts, now: Date): boolean {
  return pausedAccessSentence(facts, now) !== null;
}

/** 403 in words when the person's access is paused, saying when it starts or ended: no session starts (docs/decisions/0044). */
export function refuseWhilePaused(facts: PauseFacts, now: Date) {
  const paused = pausedAccessSentence(facts, now);
  if (paused) throw new HttpError(403, paused);
}
