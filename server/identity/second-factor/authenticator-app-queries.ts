import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../accounts/account-tables';
import type { Queryable } from '../../platform/db/connect';
import { recoveryCodes } from '../identity-tables';

export async function hasAuthenticatorApp(db: Queryable, userId: string): Promise<boolean> {
  const [user] = await db.select({ sealed: users.totpSecretSealed }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(user?.sealed);
}

/** Turns the authenticator app on with its confirmed secret; false when it was on already. */
export async function turnOnAuthenticatorApp(db: Queryable, userId: string, sealed: string, step: number) {
  const turnedOn = await db
    .update(users)
    .set({ totpSecretSealed: sealed, totpLastStep: step })
    .where(and(eq(users.id, userId), isNull(users.totpSecretSealed)))
    .returning({ id: users.id });
  return turnedOn.length > 0;
}

/** Removes the user's authenticator app and the recovery codes that came with it. */
export async function removeAuthenticatorApp(db: Queryable, userId: string) {
  await db.update(users).set({ totpSecretSealed: null, totpLastStep: null }).where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
