import { loginRequest, tokenResponse } from '@core/api/auth';
import { errorResponse } from '@core/api/common';
import { loginResponse } from '@core/api/second-factor';
import { MESSAGES } from '@core/messages';
import { wrongLoginMessage } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordActivity } from '../activity/record-activity';
import { refuseWhilePaused } from '../authorization/access-pause';
import { pauseFactsOf } from '../authorization/pause-facts';
import { allowDuringEnrolment, callerOf, publicPermission } from '../authorization/route-permissions';
import { openSessionExpiry } from '../authorization/session-queries';
import { HttpError } from '../platform/errors/http-error';
import { SERVER_MESSAGES } from '../platform/errors/server-messages';
import { accountEntry, sessionStarted, type TrailAccount } from './account-entry';
import { loginThrottle } from './login-throttle';
import { upgradePasswordHash } from './password-upgrade';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import { passwordAccountByEmail, signInUser, sourceOf } from './sign-in';

/** A sign-in or a failed one, acted by the account it names (a failure: by whoever typed its email). */
function signInEntry(user: TrailAccount, action: 'account.sign-in' | 'account.sign-in-failed', sessionId?: string) {
  return accountEntry(
    user,
    action,
    (name) => (action === 'account.sign-in' ? `${name} signed in with a password` : `Wrong password for ${name}`),
    sessionId ? sessionStarted(sessionId) : {},
  );
}

export async function loginRoutes(app: FastifyInstance) {
  const throttle = loginThrottle(app.db, app.config.now);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/resident/login',
    {
      config: { permission: publicPermission, activity: ['account.sign-in', 'account.sign-in-failed'] },
      schema: {
        tags: ['session'],
        summary: "Sign in through the form of the caller's role",
        body: loginRequest,
        response: { 200: loginResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const { email, password, userType } = request.body;
      await throttle.admit(email, request.ip).catch((refusal: unknown) => {
        app.metrics.loginFailures.inc({ reason: 'throttled' });
        throw refusal;
      });
      const user = await passwordAccountByEmail(app.db, email);
      const valid = user?.passwordHash
        ? await verifyPassword(password, user.passwordHash)
        : await verifyAgainstNothing(password, app.config.passwordHashMemoryKib);
      if (!valid || !user) {
        app.metrics.loginFailures.inc({ reason: 'credentials' });
        await throttle.failed(email);
        // Only for an account that exists: an unknown "email" may be a password typed in the wrong box.
        if (user)
          await app.db.transaction((tx) => recordActivity(tx, request, signInEntry(user, 'account.sign-in-failed')));
        throw new HttpError(401, SERVER_MESSAGES.invalidCredentials);
      }
      // Only the account's owner gets this far: naming the right form reveals nothing to a guesser.
      if (user.role !== userType) {
        throw new HttpError(401, wrongLoginMessage(user.role), undefined, { signInAs: user.role });
      }
      await throttle.succeeded(email, request.ip);
      await upgradePasswordHash(app, user.id, password, user.passwordHash!);
      if (user.hasAuthenticatorApp || user.hasPasskey) {
        // signInUser refuses a paused person; one with a second factor is told before their code.
        const pause = await pauseFactsOf(app.db, user.id);
        if (pause) refuseWhilePaused(pause, app.config.now());
        const factors = [
          ...(user.hasPasskey ? ['passkey' as const] : []),
          ...(user.hasAuthenticatorApp ? ['code' as const] : []),
        ];
        return { secondFactorRequired: true as const, pendingToken: await app.pendingSignIns.issue(user.id), factors };
      }
      return {
        token: await signInUser(app, user.id, sourceOf(request), 'password', (tx, sessionId) =>
          recordActivity(tx, request, signInEntry(user, 'account.sign-in', sessionId)),
        ),
      };
    },
  );

  api.post(
    '/api/token/refresh',
    {
      config: { permission: allowDuringEnrolment, activity: null },
      schema: {
        tags: ['session'],
        summary: 'A fresh token of the same session, never past its absolute end',
        response: { 200: tokenResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const expiresAt = await openSessionExpiry(app.db, caller.sessionId);
      if (!expiresAt || expiresAt <= app.config.now()) throw new HttpError(401, MESSAGES.sessionExpired);
      const token = await app.tokens.issue({ ...caller, id: caller.userId, sessionExpiresAt: expiresAt });
      return { token };
    },
  );
}
