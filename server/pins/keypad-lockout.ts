import { ACCOUNT_MESSAGES } from '@core/api/accounts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema';
import type { GateDevice } from '../http/access';
import { LIMITS } from '../limits/limit-rules';
import {
  type LockedOrReservedRow,
  release,
  reservedUnlessLocked,
  reserveUnlessLockedSql,
  saturate,
} from '../limits/rate-limit';
import { TooManyRequests } from '../limits/too-many';
import { keypadLockedNoticeJob } from './keypad-locked-notice';
import { pinLookupHmac } from './secure-pin';

interface EntryAnswer extends LockedOrReservedRow {
  id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
}

const lockedOut = (retryAfterSeconds: number) => new TooManyRequests(ACCOUNT_MESSAGES.pinLockedOut, retryAfterSeconds);

/**
 * Wrong PINs per keypad, shared by every process: the 5th within 10 minutes locks the keypad for
 * 5 minutes, during which even a right PIN is refused, and the property's managers are told.
 * Each entry reserves a failure before the PIN is looked up, so a burst cannot test more than
 * five PINs; a right PIN gives its reservation back.
 */
export class KeypadLockout {
  constructor(private readonly app: FastifyInstance) {}

  /**
   * Throws 429 while the keypad is locked; otherwise reserves this entry as a possible failure and
   * answers the resident of the device's property whose PIN it is (null for none), all in one
   * statement: the PIN is looked up only when its reservation is within the allowance.
   */
  async enter(device: Pick<GateDevice, 'id' | 'propertyId'>, pin: string) {
    const now = this.app.config.now();
    const lockedAndReserved = reserveUnlessLockedSql(LIMITS.keypadFailures, LIMITS.keypadLock, device.id, now);
    const lookup = pinLookupHmac(this.app.config.secret, device.propertyId, pin);
    const result = await this.app.db.execute(sql`
      ${lockedAndReserved}
      select locked.window_ends_at as locked_until, reserved.hits, reserved.window_ends_at,
        resident.id, resident.first_name, resident.last_name, resident.email, resident.phone_number
      from (select 1) as entry
      left join locked on true
      left join reserved on true
      left join ${users} as resident on reserved.hits <= ${LIMITS.keypadFailures.max}
        and resident.property_id = ${device.propertyId} and resident.secure_pin_hmac = ${lookup}`);
    const [answer] = (result as unknown as { rows: EntryAnswer[] }).rows;
    const entry = reservedUnlessLocked(LIMITS.keypadFailures, answer, now);
    if ('lockedForSeconds' in entry) throw lockedOut(entry.lockedForSeconds);
    if (!entry.reservation.allowed) throw lockedOut(Math.ceil(LIMITS.keypadLock.windowMs / 1000));
    const resident = answer.id
      ? {
          id: answer.id,
          firstName: answer.first_name,
          lastName: answer.last_name,
          email: answer.email,
          phoneNumber: answer.phone_number,
        }
      : null;
    return { entry: entry.reservation, resident };
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
