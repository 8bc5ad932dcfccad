import { ACCOUNT_MESSAGES } from '@core/api/accounts';
import type { FastifyRequest } from 'fastify';
import type { AccountRow } from '../authorization/account-scope';
import { callerOf } from '../authorization/route-permissions';
import { badRequest } from '../platform/errors/http-error';

/** A super administrator has no secure PIN, and nobody has one where the property does not use them. */
export function refuseWithoutSecurePin(target: AccountRow): asserts target is AccountRow & { propertyId: string } {
  if (target.role === 'superadmin') throw badRequest(ACCOUNT_MESSAGES.pinNotForSuperadmin);
  if (!target.propertyId || !target.propertyFeatures.includes('securepin')) {
    throw badRequest(ACCOUNT_MESSAGES.pinFeatureMissing);
  }
}

/**
 * Records that an answer showed someone else's PIN to its caller (Reveal, or a refresh by a manager):
 * who saw whose, with the request id pino adds, and never the PIN itself.
 */
export function recordPinShown(request: FastifyRequest, target: AccountRow, event: 'revealed' | 'refreshed') {
  const caller = callerOf(request);
  if (caller.userId === target.id) return;
  request.log.warn({ actorId: caller.userId, actorRole: caller.role, residentId: target.id }, `secure PIN ${event}`);
}
