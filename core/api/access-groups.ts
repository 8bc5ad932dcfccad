import { z } from 'zod';
import { accessSchedule } from '../rules/schedule';
import { requiredName } from '../validation/visible-text';
import { ACCESS_GROUP_MESSAGES } from './access-group-messages';
import { idSchema } from './common';

export { ACCESS_GROUP_MESSAGES };

const distinctIds = (max: number) =>
  z
    .array(idSchema)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, ACCESS_GROUP_MESSAGES.duplicateIds);

/**
 * POST /api/properties/:propertyId/access-groups and PUT /api/access-groups/:groupId: the whole
 * group; its gates and members replace the stored ones.
 */
export const accessGroupBody = z.strictObject({
  name: requiredName('Group name', 80, ACCESS_GROUP_MESSAGES.nameRequired),
  gateIds: distinctIds(500),
  memberIds: distinctIds(10_000),
  schedule: accessSchedule,
  /**
   * Every resident of the property, those added later included; `memberIds` is then ignored.
   * Absent: false on a new group, the stored value on an edit (docs/decisions/0044).
   */
  allResidents: z.boolean().optional(),
});
export type AccessGroupBody = z.input<typeof accessGroupBody>;

export const propertyGroupsParams = z.strictObject({ propertyId: idSchema });
export const accessGroupParams = z.strictObject({ groupId: idSchema });

export const accessGroupSchema = z.object({
  _id: z.string(),
  propertyId: z.string(),
  name: z.string(),
  gateIds: z.array(z.string()),
  /** The first MAX_UNPAGED_LIST members by name; memberCount says how many there are. */
  memberIds: z.array(z.string()),
  memberCount: z.number(),
  schedule: accessSchedule,
  /** Follows the property's gates as they are added ("All residents" until a manager leaves one out). */
  followsAllGates: z.boolean(),
  /** Holds every resident of the property, those added later included ("All residents" starts so). */
  allResidents: z.boolean(),
});
export type AccessGroupDto = z.infer<typeof accessGroupSchema>;

export const accessGroupsResponse = z.object({ groups: z.array(accessGroupSchema) });
export const accessGroupResponse = z.object({ message: z.string(), group: accessGroupSchema });
