import { errorResponse, messageResponse } from '@core/api/common';
import { deleteRequest, listQuery, updateVisitorRequest, visitorListResponse } from '@core/api/dashboard';
import { SCREEN_ROLES } from '@core/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordActivity } from '../activity/record-activity';
import { allow, callerOf, withApiKeyScope } from '../authorization/route-permissions';
import { userListFilter } from '../authorization/user-list-filter';
import type { PlatformDeps } from '../platform/deps';
import { heavyRead } from '../platform/http/fresh-reads';
import { deleteManagedVisitor, updateManagedVisitor, visitorScope } from './manage-visitor-commands';
import { listManagedVisitors } from './manage-visitor-queries';
import { visitorDeleted, visitorUpdated } from './visitor-activity';

const MANAGERS = SCREEN_ROLES.dashboard;
const targetVisitor = async (request: FastifyRequest, deps: Pick<PlatformDeps, 'db'>) =>
  visitorScope(deps.db, (request.body as { _id?: string } | undefined)?._id);

/** Dashboard visitors table: list, edit and delete (docs/SPEC.md §2 Dashboard, §7). */
export async function manageVisitorRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/visitor/get-all',
    {
      config: { permission: withApiKeyScope(allow(MANAGERS), 'visitors:read') },
      schema: {
        tags: ['dashboard'],
        summary: 'One page of visitors; admins see only their own property',
        querystring: listQuery,
        response: { 200: visitorListResponse },
      },
    },
    async (request) => {
      return heavyRead(app, request, (db) => listManagedVisitors(db, userListFilter(request.query, callerOf(request))));
    },
  );

  api.post(
    '/api/visitor/update',
    {
      config: {
        permission: withApiKeyScope(allow(MANAGERS, targetVisitor), 'visitors:write'),
        activity: 'visitor.update',
      },
      schema: {
        tags: ['dashboard'],
        summary: "Save the edit-visitor dialog (name and email; the QR codes' windows are unchanged)",
        body: updateVisitorRequest,
        response: { 200: messageResponse, 409: errorResponse },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const before = await updateManagedVisitor(tx, request.body);
        const entry = visitorUpdated(before, request.body);
        if (Object.keys(entry.changes).length) await recordActivity(tx, request, entry);
      });
      return { message: 'Visitor updated successfully' };
    },
  );

  api.post(
    '/api/visitor/delete',
    {
      config: {
        permission: withApiKeyScope(allow(MANAGERS, targetVisitor), 'visitors:write'),
        activity: 'visitor.delete',
      },
      schema: {
        tags: ['dashboard'],
        summary: 'Delete a visitor and their QR codes; the gate refuses the codes at once',
        body: deleteRequest,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const { visitor, passes } = await deleteManagedVisitor(tx, request.body._id);
        await recordActivity(tx, request, visitorDeleted(visitor, passes));
      });
      return { message: 'Visitor deleted successfully' };
    },
  );
}
