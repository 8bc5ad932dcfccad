import { DEVICE_MESSAGES } from '@core/api/devices';
import type { Queryable } from '../platform/db/connect';
import { TooManyRequests } from '../platform/errors/too-many';
import { LIMITS } from '../platform/limits/limit-rules';
import { reserve } from '../platform/limits/rate-limit';

/**
 * Remote openings per person and per gate: a person presses a few times a minute, so a script
 * pressing thousands of times is stopped before it pulses a relay or fills the log.
 */
export async function admitRemoteOpen(db: Queryable, userId: string, deviceId: string, now: Date) {
  const [byUser, byGate] = await Promise.all([
    reserve(db, LIMITS.remoteOpenUser, userId, now),
    reserve(db, LIMITS.remoteOpenGate, deviceId, now),
  ]);
  if (!byUser.allowed)
    throw new TooManyRequests(DEVICE_MESSAGES.openedTooOften(byUser.retryAfterSeconds), byUser.retryAfterSeconds);
  if (!byGate.allowed)
    throw new TooManyRequests(DEVICE_MESSAGES.gateOpenedTooOften(byGate.retryAfterSeconds), byGate.retryAfterSeconds);
}
