import { ACCOUNT_MESSAGES, securePinResponse, userIdParams } from '@core/api/accounts';
import { errorResponse } from '@core/api/common';
import { ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow } from '../http/access';
import { badRequest } from '../http/http-error';
import { accountScope, targetAccountOf } from '../residents/account-scope';
import { assignSecurePin } from './secure-pin';

export async function refreshPinRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/resident/refresh-secure-pin/:userId',
    {
      config: { access: allow(ROLES, accountScope) },
      schema: {
        tags: ['profile'],
        summary: 'Replace the secure PIN with a fresh one, unique within the property',
        params: userIdParams,
        response: { 200: securePinResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const target = targetAccountOf(request);
      if (target.role === 'superadmin') throw badRequest(ACCOUNT_MESSAGES.pinNotForSuperadmin);
      if (!target.propertyId || !target.propertyFeatures.includes('securepin')) {
        throw badRequest(ACCOUNT_MESSAGES.pinFeatureMissing);
      }
      const securePin = await assignSecurePin(app.db, app.config.secret, {
        userId: target.id,
        propertyId: target.propertyId,
      });
      return { success: true, securePin };
    },
  );
}
