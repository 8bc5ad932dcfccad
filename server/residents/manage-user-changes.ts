import { DASHBOARD_MESSAGES, type updateUserRequest } from '@core/api/dashboard';
import { toStoredPhone } from '@core/validation/phone';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Caller } from '../auth/caller';
import type { Queryable } from '../db/connect';
import { properties, users } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/http-error';
import { isUniqueViolation } from '../pins/unique-violation';

type UserUpdate = z.output<typeof updateUserRequest>;
type UserRow = typeof users.$inferSelect;

async function findUser(db: Queryable, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

/** The role and property after the edit; admins may change neither (SPEC §6: role read-only). */
async function placement(db: Queryable, caller: Caller, current: UserRow, update: UserUpdate) {
  const role = update.role ?? current.role;
  const propertyId = update.propertyId === undefined ? current.propertyId : update.propertyId || null;
  if (caller.role !== 'superadmin') {
    if (role !== current.role) throw forbidden(DASHBOARD_MESSAGES.adminRoleReadOnly);
    if (propertyId !== current.propertyId) throw forbidden();
    return { role, propertyId };
  }
  if (role !== 'superadmin' && !propertyId) throw badRequest(`propertyId: ${DASHBOARD_MESSAGES.propertyRequired}`);
  if (propertyId) {
    const [found] = await db.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId));
    if (!found) throw badRequest(`propertyId: ${DASHBOARD_MESSAGES.unknownProperty}`);
  }
  return { role, propertyId };
}

/**
 * Saves the edit-user dialog. A change of role or property bumps the token version, so the
 * user's sessions end rather than carry stale claims.
 */
export async function updateManagedUser(db: Queryable, caller: Caller, update: UserUpdate) {
  const current = await findUser(db, update._id);
  const { role, propertyId } = await placement(db, caller, current, update);
  const phoneNumber = update.phoneNumber ? toStoredPhone(update.phoneNumber) : null;
  const moved = role !== current.role || propertyId !== current.propertyId;
  try {
    await db
      .update(users)
      .set({
        firstName: update.firstName,
        lastName: update.lastName,
        email: update.email,
        phoneNumber,
        role,
        propertyId,
        ...(moved ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      })
      .where(eq(users.id, current.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DASHBOARD_MESSAGES.emailTaken);
    throw error;
  }
}

/**
 * Deletes a user. Their visitors and QR codes go with them (ON DELETE CASCADE), so the gate
 * refuses those codes at once; their tokens stop verifying because the caller lookup fails.
 * Gate history survives in relay_logs' snapshots.
 */
export async function deleteManagedUser(db: Queryable, caller: Caller, userId: string) {
  if (userId === caller.userId) throw badRequest(DASHBOARD_MESSAGES.cannotDeleteSelf);
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  if (!deleted.length) throw notFound();
}

/** Scope of a user record for the access preHandler: their property. */
export async function userScope(db: Queryable, userId: string | undefined) {
  if (!userId) return null;
  const [row] = await db.select({ propertyId: users.propertyId }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? { propertyId: row.propertyId } : null;
}
