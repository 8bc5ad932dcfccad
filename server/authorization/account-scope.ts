import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accountRowColumns, accountRows } from '../accounts/account-rows';
import { findPersonProperty, type PersonRow } from '../accounts/account-store';
import type { Queryable } from '../platform/db/connect';
import type { PlatformDeps } from '../platform/deps';
import { propertyRows } from '../property-records/property-rows';
import { propertyOfAccount } from './account-and-property';
import type { Caller } from './caller';
import { callerOf, type Scope } from './route-permissions';

export type AccountRow = PersonRow & { propertyFeatures: string[] };

export async function findAccount(db: Queryable, userId: string): Promise<AccountRow | null> {
  const [row] = await db
    .select({ user: accountRowColumns, propertyFeatures: propertyRows.propertyFeatures })
    .from(accountRows)
    .leftJoin(propertyRows, propertyOfAccount)
    .where(eq(accountRows.id, userId))
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
  return findPersonProperty(db, userId);
}
