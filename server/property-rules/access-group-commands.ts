import { ACCESS_GROUP_MESSAGES, type AccessGroupBody } from '@core/api/access-groups';
import type { AccessSchedule } from '@core/rules/schedule';
import { and, eq, inArray } from 'drizzle-orm';
import type { Orm, Tx } from '../platform/db/connect';
import { accessGroupGates, accessGroupMembers, accessGroups, devices, users } from '../platform/db/schema';
import { isUniqueViolation } from '../platform/db/unique-violation';
import { conflict, HttpError, notFound } from '../platform/errors/http-error';

/** A group as stored: the body after validation (its schedule with defaults applied). */
export type GroupInput = Omit<AccessGroupBody, 'schedule'> & { schedule: AccessSchedule };

/** The chosen gates and members that are not the property's gates and residents: 400 on those fields. */
async function refuseForeignIds(tx: Tx, propertyId: string, group: GroupInput) {
  const [gates, residents] = await Promise.all([
    group.gateIds.length
      ? tx
          .select({ id: devices.id })
          .from(devices)
          .where(
            and(inArray(devices.id, group.gateIds), eq(devices.propertyId, propertyId), eq(devices.deviceType, 'gate')),
          )
      : [],
    group.memberIds.length
      ? tx
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, group.memberIds), eq(users.propertyId, propertyId), eq(users.role, 'resident')))
      : [],
  ]);
  const fieldErrors: Record<string, string> = {};
  const foreignGates = group.gateIds.length - gates.length;
  const foreignMembers = group.memberIds.length - residents.length;
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
  if (group.memberIds.length)
    await tx.insert(accessGroupMembers).values(group.memberIds.map((userId) => ({ groupId, userId })));
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
        .values({ propertyId, name: group.name, schedule: group.schedule })
        .returning({ id: accessGroups.id });
      await storeLists(tx, row.id, group);
      await record(tx, row.id);
      return row.id;
    }),
  );
}

/**
 * Replaces a group's name, schedule, gates and members in one transaction. A group that followed
 * every gate and resident ("All residents") now holds the lists the manager saved: they chose
 * these gates and people, and a gate or resident added later must not join a group whose
 * manager has since narrowed it by hand.
 */
export function replaceGroup(db: Orm, groupId: string, group: GroupInput, record: RecordChange): Promise<void> {
  return namedUniquely(group.name, () =>
    db.transaction(async (tx) => {
      const [stored] = await tx
        .select({ propertyId: accessGroups.propertyId })
        .from(accessGroups)
        .where(eq(accessGroups.id, groupId))
        .for('update');
      if (!stored) throw notFound(ACCESS_GROUP_MESSAGES.notFound);
      await refuseForeignIds(tx, stored.propertyId, group);
      await tx
        .update(accessGroups)
        .set({ name: group.name, schedule: group.schedule, allGates: false, allResidents: false })
        .where(eq(accessGroups.id, groupId));
      await storeLists(tx, groupId, group);
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
