import {
  ACCOUNT_MESSAGES,
  requestPasswordResetRequest,
  resetPasswordRequest,
  resetTokenParams,
} from '@core/api/accounts';
import { errorResponse, messageResponse } from '@core/api/common';
import { RESET_TOKEN_MINUTES } from '@core/constants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdByEmail } from '../accounts/account-credentials';
import { recordActivity } from '../activity/record-activity';
import { publicPermission } from '../authorization/route-permissions';
import { badRequest } from '../platform/errors/http-error';
import { LIMITS } from '../platform/limits/limit-rules';
import { linkEmailPayloadOf, passwordResetEmailJob } from './account-email-jobs';
import { accountEntry, trailAccountOf } from './account-entry';
import { checkAccountToken, consumeAccountToken, createAccountToken, retireAccountTokens } from './account-tokens';
import { setPassword } from './set-password';

const RESET_LIFETIME_MS = RESET_TOKEN_MINUTES * 60 * 1000;

export async function passwordResetRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/resident/request-password-reset',
    {
      config: {
        permission: publicPermission,
        publicLimit: LIMITS.passwordResetRequests,
        activity: 'account.password-reset-requested',
      },
      schema: {
        tags: ['accounts'],
        summary: 'Email a reset link (valid 10 minutes, once); the same answer whether or not the email exists',
        body: requestPasswordResetRequest,
        response: { 200: messageResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const now = app.config.now();
      const sent = await app.db.transaction(async (tx) => {
        const userId = await accountIdByEmail(tx, request.body.email);
        if (!userId) return false;
        await retireAccountTokens(tx, userId, 'reset', now);
        const token = await createAccountToken(tx, {
          userId,
          kind: 'reset',
          now,
          lifetimeMs: RESET_LIFETIME_MS,
        });
        await app.jobs.enqueue(tx, passwordResetEmailJob, linkEmailPayloadOf(app.config.secret, userId, token));
        // Only for an account that exists, as a wrong password: the answer says nothing either way.
        const account = await trailAccountOf(tx, userId);
        if (account)
          await recordActivity(
            tx,
            request,
            accountEntry(
              account,
              'account.password-reset-requested',
              (name) => `A password reset link was sent to ${name}`,
              {
                resetToken: { before: null, after: true },
              },
            ),
          );
        return true;
      });
      if (sent) void app.jobs.kick();
      return { message: ACCOUNT_MESSAGES.resetRequested };
    },
  );

  api.get(
    '/api/resident/validate-reset-token/:token',
    {
      config: { permission: publicPermission },
      schema: {
        tags: ['accounts'],
        summary: 'Whether a reset token can still be used (200) or not (400)',
        params: resetTokenParams,
        response: { 200: messageResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const check = await checkAccountToken(app.db, 'reset', request.params.token, app.config.now());
      if (check.status !== 'valid') throw badRequest(ACCOUNT_MESSAGES.resetTokenInvalid);
      return { message: ACCOUNT_MESSAGES.resetTokenValid };
    },
  );

  api.post(
    '/api/resident/reset-password/:token',
    {
      config: { permission: publicPermission, activity: 'account.password-reset' },
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with a reset token; every existing session of the user ends',
        params: resetTokenParams,
        body: resetPasswordRequest,
        response: { 200: messageResponse, 400: errorResponse },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const check = await consumeAccountToken(tx, 'reset', request.params.token, app.config.now());
        if (check.status !== 'valid') throw badRequest(ACCOUNT_MESSAGES.resetTokenInvalid);
        await setPassword(app, tx, check.userId, request.body.newPassword, { reason: 'password-reset' });
        const account = await trailAccountOf(tx, check.userId);
        if (account)
          await recordActivity(
            tx,
            request,
            accountEntry(account, 'account.password-reset', (name) => `${name} set a new password from a reset link`, {
              password: { before: null, after: true },
            }),
          );
      });
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },
  );
}
