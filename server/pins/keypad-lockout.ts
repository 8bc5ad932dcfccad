import { ACCOUNT_MESSAGES } from '@core/api/accounts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema';
import type { GateDevice } from '../http/access';
import { LIMITS } from '../limits/limit-rules';
import { exhausted, release, reserve, saturate } from '../limits/rate-limit';
import { TooManyRequests } from '../limits/too-many';
import { keypadLockedNoticeJob } from './keypad-locked-notice';

const lockedOut = (retryAfterSeconds: number) => new TooManyRequests(ACCOUNT_MESSAGES.pinLockedOut, retryAfterSeconds);

/**
 * Wrong PINs per keypad, shared by every process: the 5th within 10 minutes locks the keypad for
 * 5 minutes, during which even a right PIN is refused, and the property's managers are told.
 * Each entry reserves a failure before the PIN is looked up, so a burst cannot test more than
 * five PINs; a right PIN gives its reservation back.
 */
export class KeypadLockout {
  constructor(private readonly app: FastifyInstance) {}

  /** Throws 429 while the keypad is locked; otherwise reserves this entry as a possible failure. */
  async admit(deviceId: string) {
    const now = this.app.config.now();
    const locked = await exhausted(this.app.db, LIMITS.keypadLock, deviceId, now);
    if (locked !== null) throw lockedOut(locked);
    const entry = await reserve(this.app.db, LIMITS.keypadFailures, deviceId, now);
    if (!entry.allowed) throw lockedOut(Math.ceil(LIMITS.keypadLock.windowMs / 1000));
    return entry;
  }

  async rightPin(deviceId: string) {
    await release(this.app.db, LIMITS.keypadFailures, deviceId);
  }

  /** A wrong PIN; the one that used up the allowance locks the keypad and alerts the managers. */
  async wrongPin(device: GateDevice, entry: { hits: number }) {
    if (entry.hits !== LIMITS.keypadFailures.max) return;
    const now = this.app.config.now();
    await this.app.db.transaction(async (tx) => {
      await saturate(tx, LIMITS.keypadLock, device.id, now);
      await saturate(tx, LIMITS.keypadFailures, device.id, now, 0);
      const managers = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.propertyId, device.propertyId)));
      await this.app.jobs.enqueueMany(
        tx,
        keypadLockedNoticeJob,
        managers.map((manager) => ({ managerId: manager.id, deviceId: device.id })),
      );
    });
    void this.app.jobs.kick();
  }
}
