import { eq } from 'drizzle-orm';
import { forgetAuthenticatorApp } from '../../accounts/account-credentials';
import type { Queryable } from '../../platform/db/connect';
import { recoveryCodes } from '../identity-tables';

/** Removes the user's authenticator app and the recovery codes that came with it. */
export async function removeAuthenticatorApp(db: Queryable, userId: string) {
  await forgetAuthenticatorApp(db, userId);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
