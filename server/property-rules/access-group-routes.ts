import {
  ACCESS_GROUP_MESSAGES,
  accessGroupBody,
  accessGroupParams,
  accessGroupResponse,
  accessGroupsResponse,
  propertyGroupsParams,
} from '@core/api/access-groups';
import { errorResponse } from '@core/api/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changesBetween, created, removed } from '../activity/activity-changes';
import { recordActivity } from '../activity/record-activity';
import { allow } from '../authorization/route-permissions';
import { notFound } from '../platform/errors/http-error';
import { propertyExists } from '../property-records/property-queries';
import { createGroup, deleteGroup, type GroupInput, listedMembers, replaceGroup } from './access-group-commands';
import { findGroup, groupScopeOf, groupsOfProperty } from './access-group-queries';

const MANAGERS = ['superadmin', 'admin'] as const;
const propertyInPath = allow(MANAGERS, async (request) => ({
  propertyId: (request.params as { propertyId: string }).propertyId,
}));
const groupInPath = allow(MANAGERS, (request, app) =>
  groupScopeOf(app.db, (request.params as { groupId?: string }).groupId),
);

/** What the trail keeps of a group: its members by count (a group may hold thousands). */
const groupFields = (
  group: Pick<GroupInput, 'name' | 'gateIds' | 'schedule'>,
  allResidents: boolean,
  members: number,
) => ({
  name: group.name,
  gateIds: group.gateIds,
  allResidents,
  members: allResidents ? 'every resident' : members,
  schedule: group.schedule,
});

/** Access groups: which residents may use which gates of a property, and when. */
export async function accessGroupRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['property rules'];

  const groupOf = async (groupId: string) => {
    const group = await findGroup(app.db, groupId);
    if (!group) throw notFound(ACCESS_GROUP_MESSAGES.notFound);
    return group;
  };
  const existingProperty = async (propertyId: string) => {
    // A manager's own property always exists; a super administrator may name any id.
    if (!(await propertyExists(app.db, propertyId))) throw notFound(ACCESS_GROUP_MESSAGES.propertyNotFound);
  };

  api.get(
    '/api/properties/:propertyId/access-groups',
    {
      config: { permission: propertyInPath },
      schema: {
        tags,
        summary: "A property's access groups with their gates, members and weekly schedule",
        params: propertyGroupsParams,
        response: { 200: accessGroupsResponse, 404: errorResponse },
      },
    },
    async (request) => {
      await existingProperty(request.params.propertyId);
      return { groups: await groupsOfProperty(app.db, request.params.propertyId) };
    },
  );

  api.post(
    '/api/properties/:propertyId/access-groups',
    {
      config: { permission: propertyInPath, activity: 'access-group.create' },
      schema: {
        tags,
        summary: 'Create an access group',
        params: propertyGroupsParams,
        body: accessGroupBody,
        response: { 201: accessGroupResponse, 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      await existingProperty(request.params.propertyId);
      const { propertyId } = request.params;
      const groupId = await createGroup(app.db, propertyId, request.body, (tx, id) =>
        recordActivity(tx, request, {
          summary: `Created access group '${request.body.name}'`,
          object: { kind: 'access-group', id, propertyId },
          changes: created(
            groupFields(request.body, request.body.allResidents ?? false, listedMembers(request.body).length),
          ),
        }),
      );
      reply.status(201);
      return { message: ACCESS_GROUP_MESSAGES.created, group: await groupOf(groupId) };
    },
  );

  api.put(
    '/api/access-groups/:groupId',
    {
      config: { permission: groupInPath, activity: 'access-group.update' },
      schema: {
        tags,
        summary: "Replace an access group's name, gates, members and schedule (allResidents kept when absent)",
        params: accessGroupParams,
        body: accessGroupBody,
        response: { 200: accessGroupResponse, 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const before = await groupOf(request.params.groupId);
      const allResidents = request.body.allResidents ?? before.allResidents;
      await replaceGroup(app.db, before._id, request.body, (tx) =>
        recordActivity(tx, request, {
          summary: `Updated access group '${request.body.name}'`,
          object: { kind: 'access-group', id: before._id, propertyId: before.propertyId },
          changes: changesBetween(
            groupFields(before, before.allResidents, before.memberCount),
            groupFields(request.body, allResidents, listedMembers({ ...request.body, allResidents }).length),
          ),
        }),
      );
      return { message: ACCESS_GROUP_MESSAGES.updated, group: await groupOf(request.params.groupId) };
    },
  );

  api.delete(
    '/api/access-groups/:groupId',
    {
      config: { permission: groupInPath, activity: 'access-group.delete' },
      schema: {
        tags,
        summary: 'Delete an access group (its members keep only their other groups)',
        params: accessGroupParams,
        response: { 200: accessGroupResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const group = await groupOf(request.params.groupId);
      const deleted = await deleteGroup(app.db, group._id, (tx) =>
        recordActivity(tx, request, {
          summary: `Deleted access group '${group.name}'`,
          object: { kind: 'access-group', id: group._id, propertyId: group.propertyId },
          changes: removed(groupFields(group, group.allResidents, group.memberCount)),
        }),
      );
      if (!deleted) throw notFound(ACCESS_GROUP_MESSAGES.notFound);
      return { message: ACCESS_GROUP_MESSAGES.deleted, group };
    },
  );
}
