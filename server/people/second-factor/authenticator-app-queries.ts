import { eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect';
import { recoveryCodes, users } from '../../platform/db/schema';

export async function hasAuthenticatorApp(db: Queryable, userId: string): Promise<boolean> {
  const [user] = await db.select({ sealed: users.totpSecretSealed }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(user?.sealed);
}

/** Removes the user's authenticator app and the recovery codes that came with it. */
export async function removeAuthenticatorApp(db: Queryable, userId: string) {
  await db.update(users).set({ totpSecretSealed: null, totpLastStep: null }).where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
