import { PUSH_MESSAGES } from '@core/api/push-messages';
import { eq } from 'drizzle-orm';
import { propertyNameColumn } from '../property-records/property-queries';
import type { PushNotice, PushRenderer } from '../push/push-notice-text';
import { lockdowns } from './property-rule-tables';

/** A lockdown's start (with its reason) or end, named by its property. */
export const renderLockdownNotice: PushRenderer<
  Extract<PushNotice, { event: 'lockdown-started' | 'lockdown-ended' }>
> = async (db, notice) => {
  const [row] = await db
    .select({ reason: lockdowns.reason, propertyName: propertyNameColumn(lockdowns.propertyId) })
    .from(lockdowns)
    .where(eq(lockdowns.id, notice.lockdownId));
  if (!row) return null;
  const body =
    notice.event === 'lockdown-started'
      ? PUSH_MESSAGES.lockdownStarted(row.propertyName, row.reason)
      : PUSH_MESSAGES.lockdownEnded(row.propertyName);
  return { body, url: '/access-gates' };
};
