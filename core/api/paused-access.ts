import { DEFAULT_TIME_ZONE } from '../constants';
import { accessPausedOn } from '../rules/access-rule';
import { readableTime } from '../time/readable-time';
import { addDays, wallTimeAt, wallToInstant } from '../time/zoned-time';
import { SUSPENSION_MESSAGES } from './suspension';

/** Whether a person's access is paused, and the property whose calendar and name count. */
export interface PauseFacts {
  suspended: boolean;
  accessFrom: string | null;
  accessUntil: string | null;
  propertyName: string | null;
  timeZone: string | null;
}

/**
 * What a person whose access is paused reads, or null when it is not: suspended; not started yet,
 * and when it starts; or ended, and when (the start of the day after the last). Times on the
 * property's clock, as readableTime writes them.
 */
export function pausedAccessSentence(facts: PauseFacts, now: Date): string | null {
  const zone = facts.timeZone ?? DEFAULT_TIME_ZONE;
  const name = facts.propertyName ?? 'Gatehouse';
  const today = wallTimeAt(now, zone).date;
  const startOf = (date: string) => readableTime(wallToInstant(date, '00:00', zone), zone);
  if (!accessPausedOn(facts, today)) return null;
  if (facts.suspended) return SUSPENSION_MESSAGES.accessPaused(name);
  if (facts.accessFrom && today < facts.accessFrom)
    return SUSPENSION_MESSAGES.accessStarts(name, startOf(facts.accessFrom));
  return SUSPENSION_MESSAGES.accessEnded(name, startOf(addDays(facts.accessUntil ?? today, 1)));
}
