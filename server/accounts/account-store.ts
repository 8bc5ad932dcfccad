import type { Preferences } from '@core/api/accounts';
import type { Role } from '@core/roles';
import { and, count, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../platform/db/connect';
import { users } from './account-tables';

export type PersonRow = typeof users.$inferSelect;

/** The person's whole row (their own data export); null if there is none. */
export async function findPerson(db: Queryable, userId: string): Promise<PersonRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Locks the person's row for this transaction without reading it, so their changes run one after another. */
export async function lockPersonRow(db: Queryable, userId: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The person, their row locked for a change in this transaction; null if there is none. */
export async function lockPerson(db: Queryable, userId: string): Promise<PersonRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

/** Deletes the account, and with it everything that cascades from it; answers the row it was, or null. */
export async function deletePerson(db: Queryable, userId: string): Promise<PersonRow | null> {
  const [deleted] = await db.delete(users).where(eq(users.id, userId)).returning();
  return deleted ?? null;
}

/** Saves an edit of the person's row. */
export async function updatePerson(db: Queryable, userId: string, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** Pauses (with a reason) or resumes the person's access. */
export async function setSuspension(db: Queryable, userId: string, suspended: boolean, reason: string | null) {
  await db.update(users).set({ suspended, suspendedReason: reason }).where(eq(users.id, userId));
}

/** A person's name, role and property, for another domain's answer or trail entry. */
export async function findPersonSummary(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      propertyId: users.propertyId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The property a person belongs to (null for a super administrator), for a permission's scope; null if there is no such person. */
export async function findPersonProperty(db: Queryable, userId: string): Promise<{ propertyId: string | null } | null> {
  const [row] = await db.select({ propertyId: users.propertyId }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/**
 * An account's name, role and property for a sign-in (and `extra` of its columns), then which second
 * factors it has (`hasPasskey`, the passkeys' owner's column).
 */
const signInColumns = <Extra extends Record<string, AnyPgColumn>>(hasPasskey: SQL<boolean>, extra: Extra) => ({
  id: users.id,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  propertyId: users.propertyId,
  ...extra,
  hasAuthenticatorApp: sql<boolean>`${users.totpSecretSealed} is not null`,
  hasPasskey,
});

/**
 * The account of this role with this email (any case), and which second factors it has; null if
 * none. `hasPasskey` is the passkeys' owner's column, read in the same statement.
 */
export async function accountByEmail(db: Queryable, email: string, role: Role, hasPasskey: SQL<boolean>) {
  const [row] = await db
    .select(signInColumns(hasPasskey, {}))
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.role, role)))
    .limit(1);
  return row ?? null;
}

/** The account with this email (given in lower case) for a password sign-in, with its password hash; null if none. */
export async function accountWithPasswordByEmail(db: Queryable, email: string, hasPasskey: SQL<boolean>) {
  const [row] = await db
    .select(signInColumns(hasPasskey, { passwordHash: users.passwordHash }))
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return row ?? null;
}

/** Whether an account has this email already (any case). */
export async function emailTaken(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

/** Replaces the password hash only if it is still `verified` (a password changed meanwhile is kept). */
export async function replacePasswordHash(db: Queryable, userId: string, verified: string, fresh: string) {
  await db
    .update(users)
    .set({ passwordHash: fresh })
    .where(and(eq(users.id, userId), eq(users.passwordHash, verified)));
}

export async function superadminExists(db: Queryable): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).limit(1);
  return existing !== undefined;
}

/** The push switches a person has beside the push switch every push follows. */
export type PushSwitch = 'gateFailed' | 'keypadLocked' | 'lockdown' | 'intercom';

const PUSH_SWITCHES = {
  gateFailed: users.pushGateFailed,
  keypadLocked: users.pushKeypadLocked,
  lockdown: users.pushLockdown,
  intercom: users.pushIntercom,
} satisfies Record<PushSwitch, SQLWrapper>;

/**
 * Whether the person (`userId` names another domain's column with its table) keeps push, and
 * `pushSwitch` when given, on: a condition of that domain's read, in the same statement.
 */
export const keepsPushOn = (userId: SQLWrapper, pushSwitch?: PushSwitch) =>
  sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.prefPush}${
    pushSwitch ? sql` and ${PUSH_SWITCHES[pushSwitch]}` : sql``
  })`;

/** How many people of each role a property has (roles it has none of are left out). */
export async function peopleByRoleAt(db: Queryable, propertyId: string) {
  return db
    .select({ role: users.role, n: count() })
    .from(users)
    .where(eq(users.propertyId, propertyId))
    .groupBy(users.role);
}

/** Which of these people are residents of the property. */
export function residentsAmong(db: Queryable, propertyId: string, ids: string[]) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.propertyId, propertyId), eq(users.role, 'resident')));
}

/** Stores the person's Secure PIN, sealed and as its lookup HMAC (unique within the property). */
export async function setSecurePin(db: Queryable, userId: string, pin: { sealed: string; lookupHmac: string }) {
  await db
    .update(users)
    .set({ securePinEncrypted: pin.sealed, securePinHmac: pin.lookupHmac })
    .where(eq(users.id, userId));
}

/** The person of a property whose PIN has this lookup HMAC; null if none. */
export async function personWithPinHmac(db: Queryable, propertyId: string, lookupHmac: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.propertyId, propertyId), eq(users.securePinHmac, lookupHmac)))
    .limit(1);
  return user ?? null;
}

/** The person's phone number as it is now; null if none (or no such person). */
export async function phoneNumberOf(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.select({ phoneNumber: users.phoneNumber }).from(users).where(eq(users.id, userId));
  return row?.phoneNumber ?? null;
}

/** People's names by id, for lists that show who made something. */
export async function namesOf(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
}

/** The person's email; null if there is no such person. */
export async function emailOf(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** People's emails by id. */
export async function emailsOf(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.email]));
}

export async function favouriteGateOf(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.select({ favourite: users.favouriteDeviceId }).from(users).where(eq(users.id, userId));
  return row?.favourite ?? null;
}

/** The gate the person's app opens on, or none. */
export async function setFavouriteGate(db: Queryable, userId: string, deviceId: string | null) {
  await db.update(users).set({ favouriteDeviceId: deviceId }).where(eq(users.id, userId));
}

/** How the person is told of things: email, SMS and push, and which push notices. */
export async function setPreferences(db: Queryable, userId: string, preferences: Preferences) {
  await db
    .update(users)
    .set({
      prefEmail: preferences.email,
      prefSms: preferences.sms,
      prefPush: preferences.push,
      pushGateFailed: preferences.pushGateFailed,
      pushKeypadLocked: preferences.pushKeypadLocked,
      pushLockdown: preferences.pushLockdown,
      pushIntercom: preferences.pushIntercom,
    })
    .where(eq(users.id, userId));
}

export async function setPhoneNumber(db: Queryable, userId: string, phoneNumber: string) {
  await db.update(users).set({ phoneNumber }).where(eq(users.id, userId));
}

/**
 * The statement that finds the person of a property whose Secure PIN has this lookup HMAC (at most
 * one row: id, first_name, last_name, email, phone_number). A fragment, not a read: the keypad runs
 * it inside the statement that counts the guess (reader/keypad-lockout.ts), one round trip.
 */
export function personByPinLookup(propertyId: string, lookupHmac: string): SQL {
  return sql`select id, first_name, last_name, email, phone_number from ${users}
        where property_id = ${propertyId} and secure_pin_hmac = ${lookupHmac} limit 1`;
}

/** Which of these emails (lowercased) an account has already, lowercased. */
export async function takenEmails(db: Queryable, lowerEmails: string[]): Promise<string[]> {
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, lowerEmails));
  return rows.map((row) => row.email);
}

/** Which of these Secure PIN lookup HMACs a person of these properties has already. */
export async function storedPinHmacs(db: Queryable, propertyIds: string[], hmacs: string[]) {
  return db
    .select({ hmac: users.securePinHmac })
    .from(users)
    .where(and(inArray(users.propertyId, propertyIds), inArray(users.securePinHmac, hmacs)));
}

/** Adds many people in one insert; answers their ids in the order given. */
export async function insertPeople(db: Queryable, values: (typeof users.$inferInsert)[]) {
  return db.insert(users).values(values).returning({ id: users.id });
}

/** A manager of a property now (its manager, or a super administrator), by the words a caller is built from. */
export interface ManagerNow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
}

/**
 * A manager of a property now, as a column of another domain's read (the API key check): the person as
 * JSON when they manage `propertyId` now, else null, in that read's own statement. `userId` and
 * `propertyId` name the outer read's columns with their table (this subquery's own are bare).
 */
export const managerOfPropertyNowColumn = (userId: SQLWrapper, propertyId: SQLWrapper) =>
  sql<ManagerNow | null>`(select json_build_object('id', ${users.id}, 'firstName', ${users.firstName},
      'lastName', ${users.lastName}, 'email', ${users.email}, 'phoneNumber', ${users.phoneNumber})
    from ${users}
    where ${users.id} = ${userId}
      and (${users.role} = 'superadmin' or (${users.role} = 'admin' and ${users.propertyId} = ${propertyId})))`;
