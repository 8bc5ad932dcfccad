import { eq, ilike, or } from 'drizzle-orm';
import type { Tx } from '../platform/db/connect';
import { containing } from '../platform/db/paged-search';
import { accessGroupMembers, accessGroups, lockdowns } from './property-rule-tables';

/**
 * A person's erasure (own-data/): lockdowns they started or ended, or whose reason gives their
 * email or phone, get the reason erased. Answers their ids (trail entries about them are about the person).
 */
export async function eraseFromLockdowns(tx: Tx, userId: string, contacts: string[], erase: (text: string) => string) {
  const rows = await tx
    .select({ id: lockdowns.id, reason: lockdowns.reason })
    .from(lockdowns)
    .where(
      or(
        eq(lockdowns.startedBy, userId),
        eq(lockdowns.endedBy, userId),
        ...contacts.map((contact) => ilike(lockdowns.reason, containing(contact))),
      ),
    );
  for (const row of rows)
    await tx
      .update(lockdowns)
      .set({ reason: erase(row.reason) })
      .where(eq(lockdowns.id, row.id));
  return rows.map((row) => row.id);
}

/**
 * A person's erasure: access groups they belong to whose name names them ("Quistgaard family")
 * get their names in it replaced by the label (docs/decisions/0070). Answers the ids of the groups renamed.
 */
export async function eraseFromGroupNames(tx: Tx, userId: string, erase: (text: string) => string) {
  const rows = await tx
    .select({ id: accessGroups.id, name: accessGroups.name })
    .from(accessGroups)
    .innerJoin(accessGroupMembers, eq(accessGroupMembers.groupId, accessGroups.id))
    .where(eq(accessGroupMembers.userId, userId));
  const renamed = rows.filter((row) => erase(row.name) !== row.name);
  for (const row of renamed)
    await tx
      .update(accessGroups)
      .set({ name: erase(row.name) })
      .where(eq(accessGroups.id, row.id));
  return renamed.map((row) => row.id);
}
