import { ACCESS_GROUP_MESSAGES, type AccessGroupBody } from '@core/api/access-groups';
import type { AccessSchedule } from '@core/rules/schedule';
import { eq } from 'drizzle-orm';
import { residentsAmong } from '../accounts/account-store';
import { gateCountAt, gatesOfPropertyAmong } from '../device-records/property-gates';
import type { Orm, Tx } from '../platform/db/connect';
import { isUniqueViolation } from '../platform/db/unique-violation';
import { conflict, HttpError, notFound } from '../platform/errors/http-error';
import { accessGroupGates, accessGroupMembers, accessGroups } from './property-rule-tables';

/** A group as stored: the body after validation (its schedule with defaults applied). */
export type GroupInput = Omit<AccessGroupBody, 'schedule'> & { schedule: AccessSchedule };

/** The members a group lists: none when it holds every resident (its `memberIds` are ignored). */
export const listedMembers = (group: GroupInput) => (group.allResidents ? [] : group.memberIds);

/** The chosen gates and members that are not the property's gates and residents: 400 on those fields. */
async function refuseForeignIds(tx: Tx, propertyId: string, group: GroupInput) {
  const memberIds = listedMembers(group);
  const [gates, residents] = await Promise.all([
    group.gateIds.length ? gatesOfPropertyAmong(tx, propertyId, group.gateIds) : [],
    memberIds.length ? residentsAmong(tx, propertyId, memberIds) : [],
  ]);
  const fieldErrors: Record<string, string> = {};
  const foreignGates = group.gateIds.length - gates.length;
  const foreignMembers = memberIds.length - residents.length;
  if (foreignGates > 0) fieldErrors.gateIds = ACCESS_GROUP_MESSAGES.notGates(foreignGates);
  if (foreignMembers > 0) fieldErrors.memberIds = ACCESS_GROUP_MESSAGES.notResidents(foreignMembers);
  const messages = Object.values(fieldErrors);
  if (messages.length) throw new HttpError(400, messages.join(' '), undefined, { fieldErrors });
}

async function storeLists(tx: Tx, groupId: string, group: GroupInput) {
  await tx.delete(accessGroupGates).where(eq(accessGroupGates.groupId, groupId));
  await tx.delete(accessGroupMembers).where(eq(accessGroupMembers.groupId, groupId));
  if (group.gateIds.length)
    await tx.insert(accessGroupGates).values(group.gateIds.map((deviceId) => ({ groupId, deviceId })));
  const memberIds = listedMembers(group);
  if (memberIds.length) await tx.insert(accessGroupMembers).values(memberIds.map((userId) => ({ groupId, userId })));
}

/** A second group of the same name (any case) at the property: 409 on the name, in words. */
async function namedUniquely<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'access_groups_property_name_unique'))
      throw conflict(ACCESS_GROUP_MESSAGES.duplicateName(name), 'name');
    throw error;
  }
}

/** Records the change in the activity trail, in its transaction. */
export type RecordChange = (tx: Tx, groupId: string) => Promise<unknown>;

/** Creates a group with its gates and members, all or nothing; its id. */
export function createGroup(db: Orm, propertyId: string, group: GroupInput, record: RecordChange): Promise<string> {
  return namedUniquely(group.name, () =>
    db.transaction(async (tx) => {
      await refuseForeignIds(tx, propertyId, group);
      const [row] = await tx
        .insert(accessGroups)
        .values({ propertyId, name: group.name, schedule: group.schedule, allResidents: group.allResidents ?? false })
        .returning({ id: accessGroups.id });
      await storeLists(tx, row.id, group);
      await record(tx, row.id);
      return row.id;
    }),
  );
}

/** Whether the chosen gates are every gate the property has now. */
async function namesEveryGate(tx: Tx, propertyId: string, gateIds: string[]) {
  return gateIds.length === (await gateCountAt(tx, propertyId));
}

/**
 * Replaces a group's name, schedule, gates and members in one transaction. `allResidents` stays
 * as stored unless the body says otherwise: editing the gates or hours of "All residents" keeps
 * every resident, those added later included, in it. It keeps following every gate while the
 * manager leaves every gate chosen; leaving one out stores the chosen gates, so a gate added
 * later joins only the groups that still follow them all (docs/decisions/0044).
 */
export function replaceGroup(db: Orm, groupId: string, group: GroupInput, record: RecordChange): Promise<void> {
  return namedUniquely(group.name, () =>
    db.transaction(async (tx) => {
      const [stored] = await tx
        .select({
          propertyId: accessGroups.propertyId,
          allGates: accessGroups.allGates,
          allResidents: accessGroups.allResidents,
        })
        .from(accessGroups)
        .where(eq(accessGroups.id, groupId))
        .for('update');
      if (!stored) throw notFound(ACCESS_GROUP_MESSAGES.notFound);
      await refuseForeignIds(tx, stored.propertyId, group);
      const allGates = stored.allGates && (await namesEveryGate(tx, stored.propertyId, group.gateIds));
      const allResidents = group.allResidents ?? stored.allResidents;
      await tx
        .update(accessGroups)
        .set({ name: group.name, schedule: group.schedule, allGates, allResidents })
        .where(eq(accessGroups.id, groupId));
      await storeLists(tx, groupId, { ...group, allResidents });
      await record(tx, groupId);
    }),
  );
}

/** Deletes a group; its members then open only what their other groups allow (nothing if none). */
export function deleteGroup(db: Orm, groupId: string, record: RecordChange): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(accessGroups)
      .where(eq(accessGroups.id, groupId))
      .returning({ id: accessGroups.id });
    if (deleted.length) await record(tx, groupId);
    return deleted.length > 0;
  });
}
