import { ACCOUNT_MESSAGES, changePasswordRequest } from '@core/api/accounts';
import { errorResponse, messageResponse } from '@core/api/common';
import { ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordOf } from '../accounts/account-credentials';
import { ownAccount, personName, recordActivity } from '../activity/record-activity';
import { allow, callerOf } from '../authorization/route-permissions';
import { badRequest } from '../platform/errors/http-error';
import { loginThrottle } from './login-throttle';
import { verifyPassword } from './passwords';
import { enqueueSecurityNotice } from './security-notice-jobs';
import { setPassword } from './set-password';

/**
 * Change password from Profile: the current password proves it is the owner, and each
 * try counts against the sign-in limits, so a borrowed session cannot be used to guess it. The new
 * password ends every other session of the person, and they are told by email.
 */
export async function changePasswordRoutes(app: FastifyInstance) {
  const throttle = loginThrottle(app.db, app.config.now);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/profile/change-password',
    {
      config: { permission: allow(ROLES), activity: 'account.password-changed' },
      schema: {
        tags: ['profile'],
        summary: 'Change your own password; every other session ends',
        body: changePasswordRequest,
        response: { 200: messageResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { currentPassword, newPassword } = request.body;
      const user = await passwordOf(app.db, caller.userId);
      const email = (user?.email ?? caller.email).toLowerCase();
      await throttle.admit(email, request.ip);
      if (!user?.passwordHash || !(await verifyPassword(currentPassword, user.passwordHash))) {
        await throttle.failed(email);
        throw badRequest(ACCOUNT_MESSAGES.currentPasswordWrong, 'currentPassword');
      }
      await throttle.succeeded(email, request.ip);
      await app.db.transaction(async (tx) => {
        await setPassword(app, tx, caller.userId, newPassword, { reason: 'password-changed', keep: caller.sessionId });
        await enqueueSecurityNotice(app.jobs, tx, { userId: caller.userId, event: 'password-changed' });
        await recordActivity(tx, request, {
          summary: `${personName(caller)} changed their password`,
          object: ownAccount(request),
          changes: { password: { before: null, after: true } },
        });
      });
      void app.jobs.kick();
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );
}
