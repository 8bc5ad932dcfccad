import { ACCOUNT_MESSAGES, messageAndToken, verifyEmailRequest } from '@core/api/accounts';
import { errorResponse } from '@core/api/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findCallerById } from '../auth/caller';
import { publicAccess } from '../http/access';
import { badRequest } from '../http/http-error';
import { consumeAccountToken } from './account-tokens';
import { setPassword } from './set-password';

const REFUSALS = {
  unknown: ACCOUNT_MESSAGES.inviteInvalid,
  used: ACCOUNT_MESSAGES.inviteUsed,
  expired: ACCOUNT_MESSAGES.inviteExpired,
} as const;

export async function verifyEmailRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/resident/verify-email',
    {
      config: { access: publicAccess },
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
        await setPassword(app, tx, check.userId, newPassword);
        return check.userId;
      });
      const caller = await findCallerById(app.db, userId);
      if (!caller) throw badRequest(ACCOUNT_MESSAGES.inviteInvalid);
      const sessionToken = await app.tokens.issue({ ...caller, id: caller.userId });
      return { message: ACCOUNT_MESSAGES.emailVerified, token: sessionToken };
    },
  );
}
