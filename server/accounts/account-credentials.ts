import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { users } from './account-tables';

/** The id of the account with this email (given in lower case); null if none. */
export async function accountIdByEmail(db: Queryable, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return row?.id ?? null;
}

/** The account's email and password hash (null for one that has not set a password yet); null if none. */
export async function passwordOf(db: Queryable, userId: string) {
  const [row] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function hasAuthenticatorApp(db: Queryable, userId: string): Promise<boolean> {
  const [user] = await db.select({ sealed: users.totpSecretSealed }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(user?.sealed);
}

/** The account's sealed TOTP secret and the last time step accepted; null if there is no such account. */
export async function authenticatorAppOf(db: Queryable, userId: string) {
  const [row] = await db
    .select({ sealed: users.totpSecretSealed, lastStep: users.totpLastStep })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
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

export async function forgetAuthenticatorApp(db: Queryable, userId: string) {
  await db.update(users).set({ totpSecretSealed: null, totpLastStep: null }).where(eq(users.id, userId));
}

/**
 * Records `step` as the last one accepted, only if it is later than the one recorded: false when
 * another request accepted it (or a later one) first, so a code works once even when sent twice at once.
 */
export async function recordTotpStep(db: Queryable, userId: string, step: number): Promise<boolean> {
  const recorded = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return recorded.length > 0;
}
