import { SUSPENSION_MESSAGES } from '@core/api/suspension';
import { DEFAULT_TIME_ZONE } from '@core/constants';
import { accessPausedOn } from '@core/rules/access-rule';
import { wallTimeAt } from '@core/time/zoned-time';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { properties, users } from '../platform/db/schema';
import { HttpError } from '../platform/errors/http-error';

/** The columns that say whether a person's access is paused, and the property whose calendar counts. */
export const pauseColumns = {
  suspended: users.suspended,
  accessFrom: users.accessFrom,
  accessUntil: users.accessUntil,
  propertyName: properties.propertyName,
  timeZone: properties.timeZone,
};

type PauseFacts = {
  suspended: boolean;
  accessFrom: string | null;
  accessUntil: string | null;
  propertyName: string | null;
  timeZone: string | null;
};

/** Whether the person is suspended or outside their access dates today, in their property's calendar. */
export function isPausedNow(facts: PauseFacts, now: Date): boolean {
  return accessPausedOn(facts, wallTimeAt(now, facts.timeZone ?? DEFAULT_TIME_ZONE).date);
}

/** 403 in words when the person's access is paused: no session starts (docs/decisions/0044). */
export function refuseWhilePaused(facts: PauseFacts, now: Date) {
  if (isPausedNow(facts, now))
    throw new HttpError(403, SUSPENSION_MESSAGES.accessPaused(facts.propertyName ?? 'Gatehouse'));
}

/** Reads the person's pause facts; null when there is no such user. */
export async function pauseFactsOf(db: Queryable, userId: string): Promise<PauseFacts | null> {
  const [row] = await db
    .select(pauseColumns)
    .from(users)
    .leftJoin(properties, eq(properties.id, users.propertyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
