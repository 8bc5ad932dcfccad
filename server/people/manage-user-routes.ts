import { errorResponse, messageResponse } from '@core/api/common';
import { deleteRequest, listQuery, updateUserRequest, userListResponse } from '@core/api/dashboard';
import { SCREEN_ROLES } from '@core/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changesBetween, removed } from '../activity/activity-changes';
import { personName, recordActivity } from '../activity/record-activity';
import { userScope } from '../authorization/account-scope';
import { allow, callerOf, withApiKeyScope } from '../authorization/route-permissions';
import { userListFilter } from '../authorization/user-list-filter';
import type { PlatformDeps } from '../platform/deps';
import { heavyRead } from '../platform/http/fresh-reads';
import { deleteManagedUser, personFields, updateManagedUser } from './manage-user-commands';
import { listManagedUsers } from './manage-user-queries';

const MANAGERS = SCREEN_ROLES.dashboard;
const targetUser = async (request: FastifyRequest, deps: Pick<PlatformDeps, 'db'>) =>
  userScope(deps.db, (request.body as { _id?: string } | undefined)?._id);

/** Dashboard users table: list, edit and delete (docs/SPEC.md §2 Dashboard, §7). */
export async function manageResidentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/resident/get-all',
    {
      config: { permission: withApiKeyScope(allow(MANAGERS), 'people:read') },
      schema: {
        tags: ['dashboard'],
        summary: 'One page of users; admins see only their own property',
        querystring: listQuery,
        response: { 200: userListResponse },
      },
    },
    async (request) => {
      return heavyRead(app, request, (db) => listManagedUsers(db, userListFilter(request.query, callerOf(request))));
    },
  );

  api.post(
    '/api/resident/update',
    {
      config: { permission: allow(MANAGERS, targetUser), activity: 'person.update' },
      schema: {
        tags: ['dashboard'],
        summary: 'Save the edit-user dialog; the role is read-only for admins',
        body: updateUserRequest,
        response: { 200: messageResponse, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const { current, saved } = await updateManagedUser(tx, callerOf(request), request.body, app.config.now());
        await recordActivity(tx, request, {
          summary: `Updated ${personName(saved)}`,
          object: { kind: 'person', id: current.id, propertyId: current.propertyId },
          changes: changesBetween(personFields(current), personFields(saved)),
        });
      });
      return { message: 'User updated successfully' };
    },
  );

  api.post(
    '/api/resident/delete',
    {
      config: { permission: allow(MANAGERS, targetUser), activity: 'person.delete' },
      schema: {
        tags: ['dashboard'],
        summary: 'Delete a user with their visitors and QR codes; their sessions end',
        body: deleteRequest,
        response: { 200: messageResponse, 400: errorResponse },
      },
    },
    async (request) => {
      await deleteManagedUser(app.db, callerOf(request), request.body._id, (tx, deleted) =>
        recordActivity(tx, request, {
          summary: `Deleted ${personName(deleted)}`,
          object: { kind: 'person', id: deleted.id, propertyId: deleted.propertyId },
          changes: removed(personFields(deleted)),
        }),
      );
      return { message: 'User deleted successfully' };
    },
  );
}
