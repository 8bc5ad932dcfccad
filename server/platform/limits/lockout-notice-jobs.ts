import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { devices, properties, users } from '../db/schema';
import { jobKind } from '../jobs/job-kind';
import type { JobQueue } from '../jobs/job-queue';
import { type NotificationContext, sendOptionsOf, skipped } from '../jobs/notification-context';
import { LIMITS, type LockoutRule } from './limit-rules';

/** What locked: one keypad, one card reader, or every card reader of a property together. */
export const LOCKOUT_NOTICES = ['keypad', 'card-reader', 'card-readers'] as const;
export type LockoutNotice = (typeof LOCKOUT_NOTICES)[number];

const payload = z.strictObject({
  managerId: z.uuid(),
  /** The reader whose guess locked it. */
  deviceId: z.uuid(),
  // Queued before cards had lockouts, a notice was a keypad's.
  lockout: z.enum(LOCKOUT_NOTICES).default('keypad'),
});

/** Tells one property manager that a reader (or all of a property's) locked itself after too many wrong guesses. */
export const lockoutNoticeJob = jobKind('lockout-notice', payload);
const keypadLockedNoticeJob = jobKind('keypad-locked-notice', payload);

const minutesOf = (rule: LockoutRule) => rule.lockMs / 60_000;

function messageOf(lockout: LockoutNotice, reader: { deviceName: string; propertyName: string }) {
  const place = `${reader.deviceName} at ${reader.propertyName}`;
  const guessing = (what: string) =>
    `If nobody at the gate was struggling with ${what}, someone may be trying to guess one.`;
  if (lockout === 'keypad') {
    const rule = LIMITS.keypadFailures;
    return {
      subject: `Keypad locked: ${place}`,
      text: `The keypad ${place} received ${rule.max} wrong PINs and is locked for ${minutesOf(rule)} minutes. ${guessing('their PIN')}`,
    };
  }
  if (lockout === 'card-reader') {
    const rule = LIMITS.unknownCards;
    return {
      subject: `Card reader locked: ${place}`,
      text:
        `The card reader ${place} read ${rule.max} unrecognised cards within a minute and refuses every card ` +
        `for ${minutesOf(rule)} minutes. ${guessing('an old or foreign card')}`,
    };
  }
  const rule = LIMITS.unknownCardsAtProperty;
  return {
    subject: `Card readers locked: ${reader.propertyName}`,
    text:
      `The card readers at ${reader.propertyName} together read ${rule.max} unrecognised cards within a minute ` +
      `(the last at ${reader.deviceName}), and every one of them refuses every card for ${minutesOf(rule)} minutes. ` +
      'Someone may be trying to guess a card number at several readers.',
  };
}

export function registerLockoutNoticeJob(queue: JobQueue, context: NotificationContext) {
  for (const kind of [lockoutNoticeJob, keypadLockedNoticeJob]) {
    queue.register(kind, async (notice, running) => {
      const [manager] = await context.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, notice.managerId));
      const [reader] = await context.db
        .select({ deviceName: devices.deviceName, propertyName: properties.propertyName })
        .from(devices)
        .innerJoin(properties, eq(properties.id, devices.propertyId))
        .where(eq(devices.id, notice.deviceId));
      if (!manager || !reader) return skipped(context, running, kind.name, 'the manager or reader is gone');
      await context.sendMail({ to: manager.email, ...messageOf(notice.lockout, reader) }, sendOptionsOf(running));
    });
  }
}
