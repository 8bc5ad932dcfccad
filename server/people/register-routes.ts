import { ACCOUNT_MESSAGES, registerUserRequest, registerUserResponse } from '@core/api/accounts';
import { errorResponse } from '@core/api/common';
import { canRegisterRole } from '@core/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { created } from '../activity/activity-changes';
import { personName, recordActivity } from '../activity/record-activity';
import type { Caller } from '../authorization/caller';
import { allow, callerOf } from '../authorization/route-permissions';
import { badRequest, forbidden } from '../platform/errors/http-error';
import { inviteUser } from './invite-user';

type RegisterBody = { _id?: string; role?: string };

/** The property a registration lands in: the chosen one, or an admin's own when none is chosen. */
function targetPropertyId(caller: Caller, body: RegisterBody): string | null {
  if (body.role === 'superadmin') return null;
  return body._id || (caller.role === 'admin' ? caller.propertyId : null);
}

/** Tenancy: an admin reaches only their own property; a super administrator any. */
const registrationScope = async (request: FastifyRequest) => ({
  propertyId: targetPropertyId(callerOf(request), request.body as RegisterBody) ?? callerOf(request).propertyId,
});

export async function registerRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/resident/register',
    {
      config: { permission: allow(['admin', 'superadmin'], registrationScope), activity: 'person.invite' },
      schema: {
        tags: ['residents'],
        summary: 'Register and invite a user (SPEC §6: admins their own property, superadmins anyone)',
        body: registerUserRequest,
        response: { 201: registerUserResponse, 400: errorResponse, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { firstName, lastName, email, phoneNumber, role } = request.body;
      if (!canRegisterRole(caller.role, role)) throw forbidden(ACCOUNT_MESSAGES.roleNotAllowed);
      if (role === 'superadmin' && request.body._id) throw badRequest(ACCOUNT_MESSAGES.superadminHasNoProperty, '_id');
      const propertyId = targetPropertyId(caller, request.body);
      if (role !== 'superadmin' && !propertyId) throw badRequest(ACCOUNT_MESSAGES.propertyRequired, '_id');

      const invited = await app.db.transaction(async (tx) => {
        const person = { firstName, lastName, email, phoneNumber, role, propertyId };
        const result = await inviteUser(app, tx, person);
        await recordActivity(tx, request, {
          summary: `Invited ${personName(person)} as ${role}`,
          object: { kind: 'person', id: result.userId, propertyId: propertyId ?? null },
          changes: created({ firstName, lastName, email, phoneNumber, role }),
        });
        return result;
      });
      void app.jobs.kick();
      return reply.status(201).send({ message: ACCOUNT_MESSAGES.userCreated, _id: invited.userId });
    },
  );
}
