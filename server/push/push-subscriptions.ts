import { MAX_PUSH_SUBSCRIPTIONS } from '@core/api/push';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { keepsPushOn, type PushSwitch } from '../accounts/account-store';
import { deriveKey, hmacHex } from '../platform/crypto/keys';
import { open, seal } from '../platform/crypto/secret-box';
import type { Orm, Queryable } from '../platform/db/connect';
import type { PushTarget } from '../platform/push/push-sender';
import { pushSubscriptions } from './push-tables';

const sealKey = (secret: Buffer) => deriveKey(secret, 'push-subscription');
const hashKey = (secret: Buffer) => deriveKey(secret, 'push-endpoint-hash');

export function openTarget(secret: Buffer, sealed: string): PushTarget {
  return JSON.parse(open(sealKey(secret), sealed)) as PushTarget;
}

/**
 * Keeps this browser's subscription for the user, answering its id. The same endpoint again (the
 * app re-subscribing, or another person signing in on that browser) replaces the row: one
 * browser's pushes reach only whoever subscribed it last. Keeps the newest MAX_PUSH_SUBSCRIPTIONS.
 */
export async function saveSubscription(
  db: Orm,
  secret: Buffer,
  userId: string,
  target: PushTarget,
  label: string,
  /** Records the subscription in the activity trail, in its transaction. */
  record: (tx: Queryable, id: string) => Promise<unknown>,
): Promise<string> {
  const endpointHash = hmacHex(hashKey(secret), target.endpoint);
  const subscriptionSealed = seal(sealKey(secret), JSON.stringify({ endpoint: target.endpoint, keys: target.keys }));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpointHash, subscriptionSealed, label })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpointHash,
        set: { userId, subscriptionSealed, label, createdAt: sql`now()`, lastSuccessAt: null },
      })
      .returning({ id: pushSubscriptions.id });
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt))
      .limit(MAX_PUSH_SUBSCRIPTIONS);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
    await record(tx, row.id);
    return row.id;
  });
}

export function listSubscriptions(db: Queryable, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      label: pushSubscriptions.label,
      createdAt: pushSubscriptions.createdAt,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt))
    .limit(MAX_PUSH_SUBSCRIPTIONS);
}

/** Removes one of the user's subscriptions, answering its label; null when it is not theirs (or gone). */
export async function removeSubscription(db: Queryable, userId: string, id: string): Promise<string | null> {
  const [removed] = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ label: pushSubscriptions.label });
  return removed ? removed.label : null;
}

/** The subscriptions of these people who keep push (and `eventSwitch`, when given) on: the devices a notice goes to. */
export async function subscriptionIdsOf(db: Queryable, userIds: string[], pushSwitch?: PushSwitch): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(inArray(pushSubscriptions.userId, userIds), keepsPushOn(pushSubscriptions.userId, pushSwitch)));
  return rows.map((row) => row.id);
}

/** Whose subscription this is; null if there is none. */
export async function subscriptionOwner(db: Queryable, id: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, id))
    .limit(1);
  return row?.userId ?? null;
}

/** Every subscription of the person, its sealed target too (their own data export leaves that out). */
export async function subscriptionRowsOf(db: Queryable, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
