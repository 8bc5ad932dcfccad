import { userIdParams } from '@core/api/accounts';
import { tokenResponse } from '@core/api/auth';
import { errorResponse, messageResponse } from '@core/api/common';
import {
  SECOND_FACTOR_MESSAGES,
  secondFactorSignInRequest,
  secondFactorStatus,
  turnOffSecondFactorRequest,
} from '@core/api/second-factor';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasAuthenticatorApp } from '../../accounts/account-credentials';
import { ownAccount, personName, recordActivity } from '../../activity/record-activity';
import { userScope } from '../../authorization/account-scope';
import { mustEnrolSecondFactor } from '../../authorization/enrolment-rule';
import { allow, allowDuringEnrolment, callerOf, publicPermission } from '../../authorization/route-permissions';
import { endAllSessions } from '../../authorization/session-queries';
import { badRequest, HttpError } from '../../platform/errors/http-error';
import { SERVER_MESSAGES } from '../../platform/errors/server-messages';
import { accountEntry, sessionStarted, trailAccountOf } from '../account-entry';
import { enqueueSecurityNotice } from '../security-notice-jobs';
import { signInUser, sourceOf } from '../sign-in';
import { removeAuthenticatorApp } from './authenticator-app-queries';
import { changeFactorFromThisSessionOnly } from './factor-change';
import { passkeysOf, removeAllPasskeys } from './passkeys/passkey-queries';
import { recoveryCodesLeft } from './recovery-codes';
import { checkSecondFactorCode, refusalOf } from './second-factor-check';

/** Two-step verification: its state, the sign-in step after the password, turning the app off and resets. */
export async function secondFactorRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/second-factor',
    {
      config: { permission: allowDuringEnrolment },
      schema: { tags: ['session'], summary: "The caller's second factor", response: { 200: secondFactorStatus } },
    },
    async (request) => {
      const caller = callerOf(request);
      const authenticatorApp = await hasAuthenticatorApp(app.db, caller.userId);
      const keys = await passkeysOf(app.db, caller.userId);
      return {
        enrolled: caller.secondFactorEnrolled,
        authenticatorApp,
        passkeys: keys.map((key) => ({
          _id: key.id,
          name: key.name,
          createdAt: key.createdAt.toISOString(),
          lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
        })),
        recoveryCodesLeft: authenticatorApp ? await recoveryCodesLeft(app.db, caller.userId) : 0,
        enrolmentRequired: mustEnrolSecondFactor(app.config, caller),
      };
    },
  );

  api.post(
    '/api/resident/login/second-factor',
    {
      config: { permission: publicPermission, activity: ['account.second-factor', 'account.second-factor-failed'] },
      schema: {
        tags: ['session'],
        summary: 'Finish signing in with an authenticator or recovery code',
        body: secondFactorSignInRequest,
        response: { 200: tokenResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const userId = await app.pendingSignIns.userOf(request.body.pendingToken);
      if (!userId) throw new HttpError(401, SERVER_MESSAGES.secondFactorSignInExpired);
      const check = await checkSecondFactorCode(app, userId, request.ip, request.body.code);
      const account = await trailAccountOf(app.db, userId);
      if (!account) throw new HttpError(401, SERVER_MESSAGES.secondFactorSignInExpired);
      if (check !== 'accepted') {
        await app.db.transaction((tx) =>
          recordActivity(
            tx,
            request,
            accountEntry(account, 'account.second-factor-failed', (name) => `Wrong two-step code for ${name}`),
          ),
        );
        throw new HttpError(401, refusalOf(check));
      }
      const token = await signInUser(app, userId, sourceOf(request), 'second-factor', (tx, sessionId) =>
        recordActivity(
          tx,
          request,
          accountEntry(
            account,
            'account.second-factor',
            (name) => `${name} signed in with a two-step code`,
            sessionStarted(sessionId),
          ),
        ),
      );
      return { token };
    },
  );

  api.post(
    '/api/second-factor/turn-off',
    {
      config: { permission: allowDuringEnrolment, activity: 'account.second-factor-removed' },
      schema: {
        tags: ['session'],
        summary:
          'Turn the authenticator app off, proven with a current or recovery code (passkeys stay); signs out every other session',
        body: turnOffSecondFactorRequest,
        response: { 200: messageResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const check = await checkSecondFactorCode(app, caller.userId, request.ip, request.body.code);
      if (check !== 'accepted') throw badRequest(refusalOf(check));
      await app.db.transaction(async (tx) => {
        await changeFactorFromThisSessionOnly(tx, caller, app.config.now());
        await removeAuthenticatorApp(tx, caller.userId);
        await enqueueSecurityNotice(app.jobs, tx, { userId: caller.userId, event: 'factor-removed' });
        await recordActivity(tx, request, {
          summary: `${personName(caller)} turned off their authenticator app`,
          object: ownAccount(request),
          changes: { authenticatorApp: { before: true, after: false } },
        });
      });
      void app.jobs.kick();
      return { message: SECOND_FACTOR_MESSAGES.turnedOff };
    },
  );

  api.post(
    '/api/resident/:userId/second-factor/reset',
    {
      config: {
        permission: allow(['superadmin'], (request) =>
          userScope(app.db, (request.params as { userId?: string }).userId),
        ),
        activity: 'person.second-factor-reset',
      },
      schema: {
        tags: ['session'],
        summary: "A super administrator removes a user's second factor (lost phone); the user is signed out",
        params: userIdParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { userId } = request.params;
      const person = await trailAccountOf(app.db, userId);
      await app.db.transaction(async (tx) => {
        const hadApp = await hasAuthenticatorApp(tx, userId);
        await removeAuthenticatorApp(tx, userId);
        const passkeys = await removeAllPasskeys(tx, userId);
        const sessionsEnded = await endAllSessions(tx, userId, app.config.now(), undefined, 'second-factor-reset');
        await enqueueSecurityNotice(app.jobs, tx, { userId, event: 'factor-reset' });
        await recordActivity(tx, request, {
          summary: `Reset the two-step verification of ${person ? personName(person) : userId}`,
          object: { kind: 'person', id: userId, propertyId: person?.propertyId ?? null },
          changes: {
            authenticatorApp: { before: hadApp, after: false },
            passkeys: { before: passkeys, after: 0 },
            sessions: { before: sessionsEnded, after: 0 },
          },
        });
      });
      void app.jobs.kick();
      request.log.warn({ actorId: caller.userId, userId }, 'second factor reset by a super administrator');
      return { message: SECOND_FACTOR_MESSAGES.reset };
    },
  );
}
