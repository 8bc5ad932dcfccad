import { DASHBOARD_MESSAGES, type updateUserRequest } from '@core/api/dashboard';
import { toStoredPhone } from '@core/validation/phone';
import type { z } from 'zod';
import { deletePerson, findPerson, type PersonRow, updatePerson } from '../accounts/account-store';
import { isPausedNow } from '../authorization/access-pause';
import type { Caller } from '../authorization/caller';
import { pauseFactsOf } from '../authorization/pause-facts';
import { endAllSessions } from '../authorization/session-queries';
import { disableCardsOf } from '../gate-credentials/card-queries';
import { deleteGateEventsOf } from '../gate-log/gate-log-erasure';
import type { Orm, Queryable } from '../platform/db/connect';
import { isUniqueViolation } from '../platform/db/unique-violation';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors/http-error';
import { propertyExists } from '../property-records/property-queries';

type UserUpdate = z.output<typeof updateUserRequest>;
type UserRow = PersonRow;

async function findUser(db: Queryable, id: string): Promise<UserRow> {
  const row = await findPerson(db, id);
  if (!row) throw notFound();
  return row;
}

/** The role and property after the edit; admins may change neither (docs/SPEC.md §6: role read-only). */
async function placement(db: Queryable, caller: Caller, current: UserRow, update: UserUpdate) {
  const role = update.role ?? current.role;
  const propertyId = update.propertyId === undefined ? current.propertyId : update.propertyId || null;
  if (caller.role !== 'superadmin') {
    if (role !== current.role) throw forbidden(DASHBOARD_MESSAGES.adminRoleReadOnly);
    if (propertyId !== current.propertyId) throw forbidden();
    return { role, propertyId };
  }
  if (role !== 'superadmin' && !propertyId) throw badRequest(DASHBOARD_MESSAGES.propertyRequired, 'propertyId');
  if (propertyId) {
    if (!(await propertyExists(db, propertyId))) throw badRequest(DASHBOARD_MESSAGES.unknownProperty, 'propertyId');
  }
  return { role, propertyId };
}

/** Whether new access dates leave the person outside them today: their sessions end as on suspension. */
async function datesPauseNow(db: Queryable, current: UserRow, update: UserUpdate, now: Date) {
  const changed =
    (update.accessFrom !== undefined && (update.accessFrom || null) !== current.accessFrom) ||
    (update.accessUntil !== undefined && (update.accessUntil || null) !== current.accessUntil);
  if (!changed) return false;
  const facts = await pauseFactsOf(db, current.id);
  return facts !== null && isPausedNow(facts, now);
}

/** What the trail keeps of a person's record. */
export const personFields = (row: Partial<UserRow>) => ({
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phoneNumber: row.phoneNumber,
  role: row.role,
  propertyId: row.propertyId,
  accessFrom: row.accessFrom,
  accessUntil: row.accessUntil,
});

/**
 * Saves the edit-user dialog. A change of role or property ends the user's sessions, so none
 * carries stale claims; so do access dates that leave them outside today. Answers the user as
 * they were and the fields saved.
 */
export async function updateManagedUser(db: Queryable, caller: Caller, update: UserUpdate, now: Date) {
  const current = await findUser(db, update._id);
  const { role, propertyId } = await placement(db, caller, current, update);
  const phoneNumber = update.phoneNumber ? toStoredPhone(update.phoneNumber) : null;
  const moved = role !== current.role || propertyId !== current.propertyId;
  const saved = {
    firstName: update.firstName,
    lastName: update.lastName,
    email: update.email,
    phoneNumber,
    role,
    propertyId,
    // Absent: unchanged; empty or null: no limit.
    ...(update.accessFrom === undefined ? {} : { accessFrom: update.accessFrom || null }),
    ...(update.accessUntil === undefined ? {} : { accessUntil: update.accessUntil || null }),
  };
  try {
    await updatePerson(db, current.id, saved);
    if (moved || (await datesPauseNow(db, current, update, now))) await endAllSessions(db, current.id, now);
    // Cards open the gates of the property they were enrolled at: someone who leaves it, or
    // becomes a super administrator (who has no property), cannot use them any more.
    if (propertyId !== current.propertyId || role === 'superadmin') await disableCardsOf(db, current.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DASHBOARD_MESSAGES.emailTaken);
    throw error;
  }
  return { current, saved };
}

/**
 * Deletes a user. Their visitors and QR codes go with them (ON DELETE CASCADE), so the gate
 * refuses those codes at once; their sessions go with them, so their tokens are refused.
 * Their access history goes too, as the account deletion page promises (docs/SPEC.md §2): the gate events
 * they opened and those of their visitors, in the same transaction.
 */
export async function deleteManagedUser(
  db: Orm,
  caller: Caller,
  userId: string,
  /** Records the deletion in the activity trail, in its transaction. */
  record: (tx: Queryable, deleted: UserRow) => Promise<unknown>,
) {
  if (userId === caller.userId) throw badRequest(DASHBOARD_MESSAGES.cannotDeleteSelf);
  await db.transaction(async (tx) => {
    const deleted = await deletePerson(tx, userId);
    if (!deleted) throw notFound();
    await deleteGateEventsOf(tx, userId);
    await record(tx, deleted);
  });
}
