import {
  ACCOUNT_MESSAGES,
  type Preferences,
  type ProfileDto,
  phoneAvailability,
  phoneNumberResponse,
  preferencesResponse,
  profileSchema,
  updatePhoneNumberRequest,
  updatePreferencesRequest,
  userIdParams,
} from '@core/api/accounts';
import { errorResponse } from '@core/api/common';
import { ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setPhoneNumber, setPreferences } from '../accounts/account-store';
import { changesBetween } from '../activity/activity-changes';
import { personName, recordActivity } from '../activity/record-activity';
import { type AccountRow, accountScope, targetAccountOf } from '../authorization/account-scope';
import type { Caller } from '../authorization/caller';
import { allow, callerOf } from '../authorization/route-permissions';
import { readSecurePin } from '../gate-credentials/secure-pin';
import { badRequest } from '../platform/errors/http-error';
import { smsConsentJob } from './sms-consent-jobs';

/** Only the user's own; a manager or super administrator reveals another's through the logged PIN route. */
function pinVisible(caller: Caller, target: AccountRow): boolean {
  if (target.role === 'superadmin' || !target.propertyFeatures.includes('securepin')) return false;
  return target.id === caller.userId;
}

const preferencesOf = (row: AccountRow): Preferences => ({
  email: row.prefEmail,
  sms: row.prefSms,
  push: row.prefPush,
  pushGateFailed: row.pushGateFailed,
  pushKeypadLocked: row.pushKeypadLocked,
  pushLockdown: row.pushLockdown,
  pushIntercom: row.pushIntercom,
});

function toProfile(secret: Buffer, caller: Caller, target: AccountRow): ProfileDto {
  return {
    _id: target.id,
    firstName: target.firstName,
    lastName: target.lastName,
    email: target.email,
    phoneNumber: target.phoneNumber,
    role: target.role,
    propertyId: target.propertyId,
    preferences: preferencesOf(target),
    securePin: pinVisible(caller, target) ? readSecurePin(secret, target.securePinEncrypted) : null,
  };
}

const params = userIdParams;
const accountObject = (target: AccountRow) => ({ kind: 'account', id: target.id, propertyId: target.propertyId });
const access = allow(ROLES, accountScope);

export async function profileRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/resident/get-by-id/:userId',
    {
      config: { permission: access },
      schema: { tags: ['profile'], params, response: { 200: profileSchema, 404: errorResponse } },
    },
    async (request) => toProfile(app.config.secret, callerOf(request), targetAccountOf(request)),
  );

  api.get(
    '/api/resident/phone-number-check/:userId',
    {
      config: { permission: access },
      schema: { tags: ['profile'], params, response: { 200: phoneAvailability } },
    },
    async (request) => ({ available: Boolean(targetAccountOf(request).phoneNumber) }),
  );

  api.post(
    '/api/resident/update-preferences/:userId',
    {
      config: { permission: access, activity: 'account.preferences-updated' },
      schema: {
        tags: ['profile'],
        summary: 'Email, SMS and push notifications; SMS needs a phone number',
        params,
        body: updatePreferencesRequest,
        response: { 200: preferencesResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const target = targetAccountOf(request);
      const { email, sms } = request.body;
      if (sms && !target.phoneNumber) throw badRequest(ACCOUNT_MESSAGES.smsNeedsPhone, 'sms');
      // An absent push switch keeps its value: older screens send only email and SMS.
      const kept = preferencesOf(target);
      const preferences: Preferences = {
        email,
        sms,
        push: request.body.push ?? kept.push,
        pushGateFailed: request.body.pushGateFailed ?? kept.pushGateFailed,
        pushKeypadLocked: request.body.pushKeypadLocked ?? kept.pushKeypadLocked,
        pushLockdown: request.body.pushLockdown ?? kept.pushLockdown,
        pushIntercom: request.body.pushIntercom ?? kept.pushIntercom,
      };
      await app.db.transaction(async (tx) => {
        await setPreferences(tx, target.id, preferences);
        if (sms && !target.prefSms && target.phoneNumber) {
          await app.jobs.enqueue(tx, smsConsentJob, { userId: target.id });
        }
        await recordActivity(tx, request, {
          summary: `Updated the notification preferences of ${personName(target)}`,
          object: accountObject(target),
          changes: changesBetween(kept, preferences),
        });
      });
      void app.jobs.kick();
      return { message: ACCOUNT_MESSAGES.preferencesUpdated, preferences };
    },
  );

  api.post(
    '/api/resident/update-phone-number/:userId',
    {
      config: { permission: access, activity: 'account.phone-updated' },
      schema: {
        tags: ['profile'],
        summary: 'A USA (+1) number of 10 digits',
        params,
        body: updatePhoneNumberRequest,
        response: { 200: phoneNumberResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const { phoneNumber } = request.body;
      const target = targetAccountOf(request);
      await app.db.transaction(async (tx) => {
        await setPhoneNumber(tx, target.id, phoneNumber);
        await recordActivity(tx, request, {
          summary: `Changed the phone number of ${personName(target)}`,
          object: accountObject(target),
          changes: changesBetween({ phoneNumber: target.phoneNumber }, { phoneNumber }),
        });
      });
      return { message: ACCOUNT_MESSAGES.phoneUpdated, phoneNumber };
    },
  );
}
