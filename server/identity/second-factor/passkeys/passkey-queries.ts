import { and, asc, count, eq, lt } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/connect';
import { passkeys } from '../../identity-tables';

/**
 * Whether the user (the row of `users` in the query) has a passkey, as a column of a select.
 * Spelled out: drizzle leaves columns unqualified in a one-table select, which the subquery would misread.
 */

export async function passkeysOf(db: Queryable, userId: string) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function passkeyCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.total ?? 0;
}

export async function passkeyByCredential(db: Queryable, userId: string, credentialId: string) {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, credentialId)))
    .limit(1);
  return row ?? null;
}

/**
 * Records a verified use: the counter must rise (or stay 0 on authenticators without one), checked
 * in the UPDATE itself, so an assertion replayed or cloned, even concurrently, is refused.
 */
export async function recordPasskeyUse(db: Queryable, id: string, newCount: number, now: Date): Promise<boolean> {
  const raised = await db
    .update(passkeys)
    .set({ signCount: newCount, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), newCount === 0 ? eq(passkeys.signCount, 0) : lt(passkeys.signCount, newCount)))
    .returning({ id: passkeys.id });
  return raised.length > 0;
}

/** Removes one of the user's passkeys, answering its name; null when it is not theirs (or gone). */
export async function removePasskey(db: Queryable, userId: string, id: string): Promise<string | null> {
  const [gone] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name });
  return gone ? gone.name : null;
}

/** Removes every passkey of the user; how many there were. */
export async function removeAllPasskeys(db: Queryable, userId: string): Promise<number> {
  const removed = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  return removed.length;
}

/** Whose passkey this is; null if there is none. */
export async function passkeyOwner(db: Queryable, passkeyId: string): Promise<string | null> {
  const [row] = await db.select({ userId: passkeys.userId }).from(passkeys).where(eq(passkeys.id, passkeyId)).limit(1);
  return row?.userId ?? null;
}

/** Registers a passkey; false when this credential is registered already. */
export async function addPasskey(db: Queryable, values: typeof passkeys.$inferInsert): Promise<boolean> {
  const added = await db.insert(passkeys).values(values).onConflictDoNothing().returning({ id: passkeys.id });
  return added.length > 0;
}
