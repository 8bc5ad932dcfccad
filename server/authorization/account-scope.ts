import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users } from '../accounts/account-tables';
import type { Queryable } from '../platform/db/connect';
import type { PlatformDeps } from '../platform/deps';
import { properties } from '../property-records/property-tables';
import type { Caller } from './caller';
import { callerOf, type Scope } from './route-permissions';

export type AccountRow = typeof users.$inferSelect & { propertyFeatures: string[] };

export async function findAccount(db: Queryable, userId: string): Promise<AccountRow | null> {
  const [row] = await db
    .select({ user: users, propertyFeatures: properties.propertyFeatures })
    .from(users)
    .leftJoin(properties, eq(properties.id, users.propertyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { ...row.user, propertyFeatures: row.propertyFeatures ?? [] } : null;
}

/** docs/SPEC.md §6: everyone acts on their own account; admins also on their property's residents. */
function reaches(caller: Caller, target: AccountRow): boolean {
  if (target.id === caller.userId || caller.role === 'superadmin') return true;
  return caller.role === 'admin' && target.role === 'resident';
}

/**
 * Scope of the /api/resident/...:userId routes: the target account's property and owner. The row
 * is kept on the request so the handler does not load it twice.
 */
export async function accountScope(request: FastifyRequest, deps: Pick<PlatformDeps, 'db'>): Promise<Scope | null> {
  const { userId } = request.params as { userId: string };
  const target = await findAccount(deps.db, userId);
  if (!target || !reaches(callerOf(request), target)) return null;
  request.targetAccount = target;
  return { propertyId: target.propertyId, ownerUserId: target.id };
}

export function targetAccountOf(request: FastifyRequest): AccountRow {
  if (!request.targetAccount) throw new Error('targetAccountOf used on a route whose scope did not load the account');
  return request.targetAccount;
}

/** Scope of a user record for the access preHandler: their property. */
export async function userScope(db: Queryable, userId: string | undefined) {
  if (!userId) return null;
  const [row] = await db.select({ propertyId: users.propertyId }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? { propertyId: row.propertyId } : null;
}
