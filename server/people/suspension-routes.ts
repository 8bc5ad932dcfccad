import { errorResponse, messageResponse } from '@core/api/common';
import { SUSPENSION_MESSAGES, suspendRequest, suspensionParams } from '@core/api/suspension';
import { SCREEN_ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordActivity } from '../activity/record-activity';
import { userScope } from '../authorization/account-scope';
import { allow, callerOf } from '../authorization/route-permissions';
import type { Tx } from '../platform/db/connect';
import { emitEvent } from '../platform/events/domain-events';
import { resumeUser, suspendUser } from './suspension-commands';

const userInPath = allow(SCREEN_ROLES.dashboard, (request, app) =>
  userScope(app.db, (request.params as { userId?: string }).userId),
);

/** Suspend and resume: managers of the person's property and super administrators (docs/decisions/0044). */
export async function suspensionRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];
  /** The property event of the change, in its transaction (a super administrator has no property). */
  const emitPersonEvent = async (
    tx: Tx,
    person: { id: string; propertyId: string | null },
    type: 'person.suspended' | 'person.resumed',
    data: Record<string, string>,
  ) => {
    if (!person.propertyId) return;
    await emitEvent(app.jobs, tx, {
      propertyId: person.propertyId,
      type,
      at: app.config.now(),
      data: { userId: person.id, ...data },
    });
  };

  api.post(
    '/api/resident/:userId/suspend',
    {
      config: { permission: userInPath, activity: 'person.suspend' },
      schema: {
        tags,
        summary: "Pause a person's access with a reason; their sessions end at once",
        params: suspensionParams,
        body: suspendRequest,
        response: { 200: messageResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const change = { userId: request.params.userId, reason: request.body.reason, now: app.config.now() };
      await suspendUser(app.db, callerOf(request), change, async (tx, person, changes) => {
        await recordActivity(tx, request, {
          summary: `Paused the access of ${person.firstName} ${person.lastName}: ${request.body.reason}`,
          object: { kind: 'person', id: person.id, propertyId: person.propertyId },
          changes,
        });
        await emitPersonEvent(tx, person, 'person.suspended', { reason: request.body.reason });
      });
      return { message: SUSPENSION_MESSAGES.suspended };
    },
  );

  api.post(
    '/api/resident/:userId/resume',
    {
      config: { permission: userInPath, activity: 'person.resume' },
      schema: {
        tags,
        summary: "Give a suspended person's access back",
        params: suspensionParams,
        response: { 200: messageResponse, 403: errorResponse },
      },
    },
    async (request) => {
      await resumeUser(app.db, callerOf(request), request.params.userId, async (tx, person, changes) => {
        await recordActivity(tx, request, {
          summary: `Gave ${person.firstName} ${person.lastName} their access back`,
          object: { kind: 'person', id: person.id, propertyId: person.propertyId },
          changes,
        });
        await emitPersonEvent(tx, person, 'person.resumed', {});
      });
      return { message: SUSPENSION_MESSAGES.resumed };
    },
  );
}
