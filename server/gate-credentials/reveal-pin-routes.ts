import { revealedPinResponse, userIdParams } from '@core/api/accounts';
import { errorResponse } from '@core/api/common';
import { SCREEN_ROLES } from '@core/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findAccount, targetAccountOf } from '../authorization/account-scope';
import { allow, type Scope } from '../authorization/route-permissions';
import type { PlatformDeps } from '../platform/deps';
import { recordPinShown, refuseWithoutSecurePin } from './pin-disclosure';
import { readSecurePin } from './secure-pin';

/** The PIN holder's property: a manager of it (any of its users) or a super administrator reaches them. */
async function pinHolderScope(request: FastifyRequest, deps: Pick<PlatformDeps, 'db'>): Promise<Scope | null> {
  const target = await findAccount(deps.db, (request.params as { userId: string }).userId);
  if (!target) return null;
  request.targetAccount = target;
  return { propertyId: target.propertyId };
}

/** Reveal on the dashboard: one user's secure PIN, fetched only when asked for and logged. */
export async function revealPinRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/resident/:userId/pin',
    {
      config: { permission: allow(SCREEN_ROLES.dashboard, pinHolderScope) },
      schema: {
        tags: ['dashboard'],
        summary: "Reveal one user's secure PIN to a manager of their property or a super administrator; logged",
        params: userIdParams,
        response: { 200: revealedPinResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const target = targetAccountOf(request);
      refuseWithoutSecurePin(target);
      const securePin = readSecurePin(app.config.secret, target.securePinEncrypted);
      if (securePin !== null) recordPinShown(request, target, 'revealed');
      return { securePin };
    },
  );
}
