import { loginRequest, tokenResponse } from '@core/api/auth';
import { errorResponse } from '@core/api/common';
import type { PropertyFeature } from '@core/constants';
import { MESSAGES } from '@core/messages';
import { ROLES } from '@core/roles';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { properties, users } from '../db/schema';
import { allow, callerOf, publicAccess } from '../http/access';
import { HttpError } from '../http/http-error';
import { AttemptLimiter } from './attempt-limiter';
import { verifyAgainstNothing, verifyPassword } from './passwords';

const WINDOW_MS = 15 * 60 * 1000;

export async function loginRoutes(app: FastifyInstance) {
  const perAccount = new AttemptLimiter(5, WINDOW_MS, app.config.now);
  const perClient = new AttemptLimiter(30, WINDOW_MS, app.config.now);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/resident/login',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['session'],
        summary: "Sign in through the form of the caller's role",
        body: loginRequest,
        response: { 200: tokenResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const { email, password, userType } = request.body;
      const accountKey = `account:${email}`;
      const clientKey = `client:${request.ip}`;
      if (perAccount.isBlocked(accountKey) || perClient.isBlocked(clientKey)) {
        throw new HttpError(429, MESSAGES.tooManyLoginAttempts);
      }
      const [user] = await app.db
        .select({
          id: users.id,
          role: users.role,
          propertyId: users.propertyId,
          passwordHash: users.passwordHash,
          tokenVersion: users.tokenVersion,
          propertyFeatures: properties.propertyFeatures,
        })
        .from(users)
        .leftJoin(properties, eq(properties.id, users.propertyId))
        .where(eq(sql`lower(${users.email})`, email))
        .limit(1);
      const valid =
        user?.passwordHash && user.role === userType
          ? await verifyPassword(password, user.passwordHash)
          : await verifyAgainstNothing(password, app.config.passwordHashCost);
      if (!valid || !user) {
        perAccount.recordFailure(accountKey);
        perClient.recordFailure(clientKey);
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      perAccount.reset(accountKey);
      const token = await app.tokens.issue({
        id: user.id,
        role: user.role,
        propertyId: user.propertyId,
        propertyFeatures: (user.propertyFeatures ?? []) as PropertyFeature[],
        tokenVersion: user.tokenVersion,
      });
      return { token };
    },
  );

  api.post(
    '/api/token/refresh',
    {
      config: { access: allow(ROLES) },
      schema: { tags: ['session'], summary: 'A fresh token for the signed-in user', response: { 200: tokenResponse } },
    },
    async (request) => {
      const caller = callerOf(request);
      const token = await app.tokens.issue({ ...caller, id: caller.userId });
      return { token };
    },
  );
}
