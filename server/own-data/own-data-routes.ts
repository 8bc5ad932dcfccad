import { errorResponse } from '@core/api/common';
import { eraseParams, eraseResponse, OWN_DATA_MESSAGES, ownDataExport } from '@core/api/own-data';
import { ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownAccount, recordActivity } from '../activity/record-activity';
import { userScope } from '../authorization/account-scope';
import { allow, callerOf } from '../authorization/route-permissions';
import { erasePerson } from './erase-person-commands';
import { ownDataOf } from './own-data-queries';

const personInPath = allow(['superadmin'], (request, app) =>
  userScope(app.db, (request.params as { userId?: string }).userId),
);

/** A person's own data: they download it; a super administrator erases it (docs/decisions/0051). */
export async function ownDataRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/profile/export',
    {
      config: { permission: allow(ROLES), activity: 'account.data-exported' },
      schema: {
        tags: ['profile'],
        summary: 'Everything Gatehouse holds about the caller, as one JSON file, without secrets',
        response: { 200: ownDataExport },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const now = app.config.now();
      const data = await app.db.transaction(async (tx) => {
        const found = await ownDataOf(tx, caller.userId, now);
        await recordActivity(tx, request, {
          summary: `${caller.firstName} ${caller.lastName} downloaded their data`,
          object: ownAccount(request),
        });
        return found;
      });
      return reply
        .header(
          'content-disposition',
          `attachment; filename="gatehouse-my-data-${now.toISOString().slice(0, 10)}.json"`,
        )
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  api.post(
    '/api/resident/:userId/erase',
    {
      config: { permission: personInPath, activity: 'person.erase' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Erase a person: their account and credentials are deleted; gate events and the trail keep them as "Erased person #n"',
        params: eraseParams,
        response: { 200: eraseResponse, 400: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const erasure = await erasePerson(
        app.db,
        app.config.secret,
        callerOf(request),
        request.params.userId,
        app.config.now(),
        (tx, done) =>
          recordActivity(tx, request, {
            summary: `Erased a person; they now appear as ${done.label}`,
            object: { kind: 'person', id: request.params.userId, propertyId: done.propertyId },
            changes: {
              gateEventsKept: { before: null, after: done.gateEvents },
              trailEntriesRewritten: { before: null, after: done.trailEntries },
            },
          }),
      );
      return { message: OWN_DATA_MESSAGES.erased(erasure.label), label: erasure.label };
    },
  );
}
