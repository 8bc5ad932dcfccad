import type { Role } from '@core/roles';
import { accountByEmail } from '../accounts/account-store';
import { hasPasskey } from '../authorization/caller';
import type { Queryable } from '../platform/db/connect';

/** The account of this role with this email (any case), and which second factors it has; null if none. */
export function accountForSignIn(db: Queryable, email: string, role: Role) {
  return accountByEmail(db, email, role, hasPasskey());
}
