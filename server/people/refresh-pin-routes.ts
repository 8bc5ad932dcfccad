import { securePinResponse, userIdParams } from '@core/api/accounts';
import { errorResponse } from '@core/api/common';
import { ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { personName, recordActivity } from '../activity/record-activity';
import { accountScope, targetAccountOf } from '../authorization/account-scope';
import { allow } from '../authorization/route-permissions';
import { recordPinShown, refuseWithoutSecurePin } from '../gate-credentials/pin-disclosure';
import { assignResidentPin } from './resident-pin';

export async function refreshPinRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/resident/refresh-secure-pin/:userId',
    {
      config: { permission: allow(ROLES, accountScope), activity: 'person.pin-reset' },
      schema: {
        tags: ['profile'],
        summary: 'Replace the secure PIN with a fresh one, unique within the property',
        params: userIdParams,
        response: { 200: securePinResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const target = targetAccountOf(request);
      refuseWithoutSecurePin(target);
      const securePin = await app.db.transaction(async (tx) => {
        const pin = await assignResidentPin(tx, app.config.secret, {
          userId: target.id,
          propertyId: target.propertyId,
        });
        await recordActivity(tx, request, {
          summary: `Replaced the secure PIN of ${personName(target)}`,
          object: { kind: 'person', id: target.id, propertyId: target.propertyId },
          changes: { securePin: { before: null, after: true } },
        });
        return pin;
      });
      recordPinShown(request, target, 'refreshed');
      return { success: true, securePin };
    },
  );
}
