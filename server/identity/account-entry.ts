import type { ActivityAction } from '@core/activity/activity-actions';
import type { Role } from '@core/roles';
import { findPersonSummary } from '../accounts/account-store';
import type { ActivityChanges } from '../activity/activity-changes';
import type { ActivityEntry } from '../activity/record-activity';
import { personName } from '../activity/record-activity';
import type { Queryable } from '../platform/db/connect';

/** An account as the trail names it when no one is signed in yet (sign-ins, links from emails). */
export type TrailAccount = { id: string; role: Role; firstName: string; lastName: string; propertyId: string | null };

export const trailAccountOf: (db: Queryable, userId: string) => Promise<TrailAccount | null> = findPersonSummary;

/** An entry about the account, acted by the account itself (whoever holds its password, code or link). */
export function accountEntry(
  account: TrailAccount,
  action: ActivityAction,
  summary: (name: string) => string,
  changes: ActivityChanges = {},
): ActivityEntry {
  const name = personName(account);
  return {
    action,
    actor: { id: account.id, role: account.role, name },
    summary: summary(name),
    object: { kind: 'account', id: account.id, propertyId: account.propertyId },
    changes,
  };
}

/** A started session, as the trail keeps it. */
export const sessionStarted = (sessionId: string): ActivityChanges => ({ session: { before: null, after: sessionId } });
