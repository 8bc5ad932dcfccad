import { errorResponse } from '@core/api/common';
import { registerVisitorRequest, registerVisitorResponse } from '@core/api/visitors';
import { SCREEN_ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordActivity } from '../activity/record-activity';
import { allow, callerOf, withApiKeyScope } from '../authorization/route-permissions';
import { registerVisitor } from './register-visitor';
import { visitorRegistered } from './visitor-activity';

export async function registerVisitorRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/visitor/register',
    {
      config: {
        permission: withApiKeyScope(allow(SCREEN_ROLES.registerVisitor), 'visitors:write'),
        activity: 'visitor.register',
      },
      schema: {
        tags: ['visitors'],
        summary: 'Register a visitor; the QR code is emailed to the visitor and to the resident',
        body: registerVisitorRequest,
        response: { 200: registerVisitorResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) =>
      registerVisitor(app, callerOf(request), request.body, (tx, { visitor, code, timeZone }) =>
        recordActivity(tx, request, visitorRegistered(visitor, code, timeZone)),
      ),
  );
}
