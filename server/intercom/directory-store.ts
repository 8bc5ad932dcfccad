import { wallTimeAt } from '@core/time/zoned-time';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Orm, Queryable } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { groupHasGate, groupHasMember } from '../property-rules/group-membership';
import { defaultDisplayName, FOLD_SQL, prefixPattern } from './directory-names';
import { intercomListings } from './intercom-tables';

/** The gate a directory belongs to, and the moment (its property's calendar day decides access dates). */
export interface DirectoryGate {
  propertyId: string;
  deviceId: string;
  timeZone: string;
  at: Date;
}

export interface DirectoryPerson {
  userId: string;
  entryId: string;
  displayName: string;
}

/**
 * Residents a reader may call at this gate: of its property, listed (by themselves and by the
 * managers), not suspended, within their access dates, and in a group that includes the gate.
 * Reads `u` (users) and `l` (their listing, left joined).
 */
function reachableAt(gate: DirectoryGate): SQL {
  const today = wallTimeAt(gate.at, gate.timeZone).date;
  return sql`u.property_id = ${gate.propertyId} and u.role = 'resident' and not u.suspended
    and (u.access_from is null or u.access_from <= ${today}::date)
    and (u.access_until is null or u.access_until >= ${today}::date)
    and coalesce(l.listed, true) and not coalesce(l.hidden_by_manager, false)
    and exists (select 1 from access_groups g
      where g.property_id = u.property_id and ${groupHasMember} and ${groupHasGate(sql`${gate.deviceId}::uuid`)})`;
}

interface FoundRow {
  user_id: string;
  entry_id: string | null;
  first_name: string;
  last_name: string;
  display_name: string | null;
}

const personOf = (row: FoundRow & { entry_id: string }): DirectoryPerson => ({
  userId: row.user_id,
  entryId: row.entry_id,
  displayName: row.display_name ?? defaultDisplayName(row.first_name, row.last_name),
});

/**
 * Residents whose first or last name starts with `query` (case and accents ignored), at most
 * `limit`. A resident found for the first time gets their directory entry in the same statement.
 */
export async function searchDirectory(
  db: Orm,
  gate: DirectoryGate,
  query: string,
  limit: number,
): Promise<DirectoryPerson[]> {
  const pattern = prefixPattern(query);
  const first = sql.raw(FOLD_SQL('u.first_name'));
  const last = sql.raw(FOLD_SQL('u.last_name'));
  const result = await db.execute(sql`
    with found as (
      select u.id as user_id, l.id as entry_id, u.first_name, u.last_name, l.display_name
      from users u left join intercom_listings l on l.user_id = u.id
      where ${reachableAt(gate)} and (${first} like ${pattern} or ${last} like ${pattern})
      order by u.first_name, u.last_name, u.id
      limit ${limit}
    ), made as (
      insert into intercom_listings (user_id) select user_id from found where entry_id is null
      on conflict (user_id) do nothing
      returning user_id, id
    )
    select f.user_id, coalesce(f.entry_id, m.id,
        (select l2.id from intercom_listings l2 where l2.user_id = f.user_id)) as entry_id,
      f.first_name, f.last_name, f.display_name
    from found f left join made m on m.user_id = f.user_id
    order by f.first_name, f.last_name, f.user_id`);
  return rowsOf<FoundRow>(result)
    .filter((row): row is FoundRow & { entry_id: string } => row.entry_id !== null)
    .map(personOf);
}

/** The resident behind a directory entry, if a reader may call them at this gate now. */
export async function findReachable(
  db: Queryable,
  gate: DirectoryGate,
  entryId: string,
): Promise<DirectoryPerson | null> {
  const result = await db.execute(sql`
    select u.id as user_id, l.id as entry_id, u.first_name, u.last_name, l.display_name
    from intercom_listings l join users u on u.id = l.user_id
    where l.id = ${entryId} and ${reachableAt(gate)}`);
  const [row] = rowsOf<FoundRow & { entry_id: string }>(result);
  return row ? personOf(row) : null;
}

export interface Listing {
  listed: boolean;
  displayName: string | null;
  hiddenByManager: boolean;
}

/** A resident's listing; one who never changed it is listed under the default name. */
export async function listingOf(db: Queryable, userId: string): Promise<Listing> {
  const [row] = await db
    .select({
      listed: intercomListings.listed,
      displayName: intercomListings.displayName,
      hiddenByManager: intercomListings.hiddenByManager,
    })
    .from(intercomListings)
    .where(eq(intercomListings.userId, userId));
  return row ?? { listed: true, displayName: null, hiddenByManager: false };
}

/** The resident's own choice: listed or not, and the name shown (null: the default). */
export async function setOwnListing(db: Queryable, userId: string, listed: boolean, displayName: string | null) {
  await db
    .insert(intercomListings)
    .values({ userId, listed, displayName })
    .onConflictDoUpdate({ target: intercomListings.userId, set: { listed, displayName } });
}

/** A manager hides a resident from the directory, or shows them again. */
export async function setHiddenByManager(db: Queryable, userId: string, hidden: boolean) {
  await db
    .insert(intercomListings)
    .values({ userId, hiddenByManager: hidden })
    .onConflictDoUpdate({ target: intercomListings.userId, set: { hiddenByManager: hidden } });
}
