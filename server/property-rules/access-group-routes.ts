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
import { allow } from '../authorization/route-permissions';
import { notFound } from '../platform/errors/http-error';
import { createGroup, deleteGroup, replaceGroup } from './access-group-commands';
import { findGroup, groupScopeOf, groupsOfProperty, propertyExists } from './access-group-queries';

const MANAGERS = ['superadmin', 'admin'] as const;
const propertyInPath = allow(MANAGERS, async (request) => ({
  propertyId: (request.params as { propertyId: string }).propertyId,
}));
const groupInPath = allow(MANAGERS, (request, app) =>
  groupScopeOf(app.db, (request.params as { groupId?: string }).groupId),
);

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
      config: { permission: propertyInPath },
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
      const groupId = await createGroup(app.db, request.params.propertyId, request.body);
      reply.status(201);
      return { message: ACCESS_GROUP_MESSAGES.created, group: await groupOf(groupId) };
    },
  );

  api.put(
    '/api/access-groups/:groupId',
    {
      config: { permission: groupInPath },
      schema: {
        tags,
        summary: "Replace an access group's name, gates, members and schedule",
        params: accessGroupParams,
        body: accessGroupBody,
        response: { 200: accessGroupResponse, 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      await replaceGroup(app.db, request.params.groupId, request.body);
      return { message: ACCESS_GROUP_MESSAGES.updated, group: await groupOf(request.params.groupId) };
    },
  );

  api.delete(
    '/api/access-groups/:groupId',
    {
      config: { permission: groupInPath },
      schema: {
        tags,
        summary: 'Delete an access group (its members keep only their other groups)',
        params: accessGroupParams,
        response: { 200: accessGroupResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const group = await groupOf(request.params.groupId);
      if (!(await deleteGroup(app.db, request.params.groupId))) throw notFound(ACCESS_GROUP_MESSAGES.notFound);
      return { message: ACCESS_GROUP_MESSAGES.deleted, group };
    },
  );
}
