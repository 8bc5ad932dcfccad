import { z } from 'zod';
import { emailOf } from '../accounts/account-store';
import { managersOf } from '../accounts/property-managers';
import { findDevice } from '../device-records/device-store';
import type { Tx } from '../platform/db/connect';
import type { PlatformDeps } from '../platform/deps';
import { jobKind } from '../platform/jobs/job-kind';
import type { JobQueue } from '../platform/jobs/job-queue';
import { type NotificationContext, sendOptionsOf, skipped } from '../platform/jobs/notification-context';
import type { GuessReader } from '../platform/limits/guess-lockout';
import { LIMITS, type LockoutRule } from '../platform/limits/limit-rules';
import { findProperty } from '../property-records/property-queries';

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

/**
 * A reader locked (GuessLockout's onLocked): each of its property's managers gets one email per
 * notice, in the lock's transaction. Answers the managers, whom the keypad also pushes to.
 */
export async function tellManagersOfLock(
  deps: Pick<PlatformDeps, 'jobs'>,
  tx: Tx,
  notices: LockoutNotice[],
  reader: GuessReader,
): Promise<string[]> {
  const managerIds = (await managersOf(tx, reader.propertyId)).map((manager) => manager.id);
  await deps.jobs.enqueueMany(
    tx,
    lockoutNoticeJob,
    managerIds.flatMap((managerId) => notices.map((lockout) => ({ managerId, deviceId: reader.id, lockout }))),
  );
  return managerIds;
}

export function registerLockoutNoticeJob(queue: JobQueue, context: NotificationContext) {
  for (const kind of [lockoutNoticeJob, keypadLockedNoticeJob]) {
    queue.register(kind, async (notice, running) => {
      const email = await emailOf(context.db, notice.managerId);
      const device = await findDevice(context.db, notice.deviceId);
      const property = device && (await findProperty(context.db, device.propertyId));
      if (!email || !device || !property) return skipped(context, running, kind.name, 'the manager or reader is gone');
      const reader = { deviceName: device.deviceName, propertyName: property.propertyName };
      await context.sendMail({ to: email, ...messageOf(notice.lockout, reader) }, sendOptionsOf(running));
    });
  }
}
