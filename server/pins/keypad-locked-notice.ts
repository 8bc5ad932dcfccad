import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { devices, properties, users } from '../db/schema';
import { jobKind } from '../jobs/job-kind';
import type { JobQueue } from '../jobs/job-queue';
import { type NotificationContext, sendOptionsOf, skipped } from '../jobs/notification-context';
import { LIMITS } from '../limits/limit-rules';

/** Tells one property manager that a keypad locked itself after too many wrong PINs. */
export const keypadLockedNoticeJob = jobKind(
  'keypad-locked-notice',
  z.strictObject({ managerId: z.uuid(), deviceId: z.uuid() }),
);

export function registerKeypadLockedNoticeJob(queue: JobQueue, context: NotificationContext) {
  queue.register(keypadLockedNoticeJob, async (payload, running) => {
    const [manager] = await context.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, payload.managerId));
    const [keypad] = await context.db
      .select({ deviceName: devices.deviceName, propertyName: properties.propertyName })
      .from(devices)
      .innerJoin(properties, eq(properties.id, devices.propertyId))
      .where(eq(devices.id, payload.deviceId));
    if (!manager || !keypad)
      return skipped(context, running, keypadLockedNoticeJob.name, 'the manager or keypad is gone');
    const place = `${keypad.deviceName} at ${keypad.propertyName}`;
    const minutes = LIMITS.keypadLock.windowMs / 60_000;
    const message = {
      to: manager.email,
      subject: `Keypad locked: ${place}`,
      text:
        `The keypad ${place} received ${LIMITS.keypadFailures.max} wrong PINs and is locked for ${minutes} minutes. ` +
        'If nobody at the gate was struggling with their PIN, someone may be trying to guess one.',
    };
    await context.sendMail(message, sendOptionsOf(running));
  });
}
