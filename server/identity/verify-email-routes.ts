import { ACCOUNT_MESSAGES, messageAndToken, resetTokenParams, verifyEmailRequest } from '@core/api/accounts';
import { errorResponse, messageResponse } from '@core/api/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordActivity } from '../activity/record-activity';
import { publicPermission } from '../authorization/route-permissions';
import { badRequest } from '../platform/errors/http-error';
import { accountEntry, trailAccountOf } from './account-entry';
import { checkAccountToken, consumeAccountToken } from './account-tokens';
import { setPassword } from './set-password';
import { signInUser, sourceOf } from './sign-in';

const REFUSALS = {
  unknown: ACCOUNT_MESSAGES.inviteInvalid,
  used: ACCOUNT_MESSAGES.inviteUsed,
  expired: ACCOUNT_MESSAGES.inviteExpired,
} as const;

export async function verifyEmailRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/resident/validate-invitation/:token',
    {
      config: { permission: publicPermission },
      schema: {
        tags: ['accounts'],
        summary: 'Whether an invitation link can still be used (200) or why not (400), without using it',
        params: resetTokenParams,
        response: { 200: messageResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const check = await checkAccountToken(app.db, 'invite', request.params.token, app.config.now());
      if (check.status !== 'valid') throw badRequest(REFUSALS[check.status]);
      return { message: ACCOUNT_MESSAGES.inviteValid };
    },
  );

  api.post(
    '/api/resident/verify-email',
    {
      config: { permission: publicPermission, activity: 'account.email-verified' },
      schema: {
        tags: ['accounts'],
        summary: 'Accept an invitation: set the password with the emailed token and sign in',
        body: verifyEmailRequest,
        response: { 200: messageAndToken, 400: errorResponse },
      },
    },
    async (request) => {
      const { _id: token, newPassword } = request.body;
      const userId = await app.db.transaction(async (tx) => {
        const check = await consumeAccountToken(tx, 'invite', token, app.config.now());
        if (check.status !== 'valid') throw badRequest(REFUSALS[check.status]);
        await setPassword(app, tx, check.userId, newPassword, { reason: 'password-changed' });
        const account = await trailAccountOf(tx, check.userId);
        if (account)
          await recordActivity(
            tx,
            request,
            accountEntry(account, 'account.email-verified', (name) => `${name} accepted their invitation`, {
              emailVerified: { before: false, after: true },
              password: { before: null, after: true },
            }),
          );
        return check.userId;
      });
      const sessionToken = await signInUser(app, userId, sourceOf(request), 'password');
      return { message: ACCOUNT_MESSAGES.emailVerified, token: sessionToken };
    },
  );
}
