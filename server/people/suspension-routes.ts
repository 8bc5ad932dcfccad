import { errorResponse, messageResponse } from '@core/api/common';
import { SUSPENSION_MESSAGES, suspendRequest, suspensionParams } from '@core/api/suspension';
import { SCREEN_ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow, callerOf } from '../authorization/route-permissions';
import { userScope } from './manage-user-commands';
import { resumeUser, suspendUser } from './suspension-commands';

const userInPath = allow(SCREEN_ROLES.dashboard, (request, app) =>
  userScope(app.db, (request.params as { userId?: string }).userId),
);

/** Suspend and resume: managers of the person's property and super administrators (docs/decisions/0044). */
export async function suspensionRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];

  api.post(
    '/api/resident/:userId/suspend',
    {
      config: { permission: userInPath },
      schema: {
        tags,
        summary: "Pause a person's access with a reason; their sessions end at once",
        params: suspensionParams,
        body: suspendRequest,
        response: { 200: messageResponse, 400: errorResponse },
      },
    },
    async (request) => {
      await suspendUser(app.db, callerOf(request), request.params.userId, request.body.reason, app.config.now());
      return { message: SUSPENSION_MESSAGES.suspended };
    },
  );

  api.post(
    '/api/resident/:userId/resume',
    {
      config: { permission: userInPath },
      schema: {
        tags,
        summary: "Give a suspended person's access back",
        params: suspensionParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await resumeUser(app.db, request.params.userId);
      return { message: SUSPENSION_MESSAGES.resumed };
    },
  );
}
