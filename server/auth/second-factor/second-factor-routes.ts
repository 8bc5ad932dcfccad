import { userIdParams } from '@core/api/accounts';
import { tokenResponse } from '@core/api/auth';
import { errorResponse, messageResponse } from '@core/api/common';
import {
  recoveryCodesResponse,
  SECOND_FACTOR_MESSAGES,
  secondFactorSignInRequest,
  secondFactorStatus,
  totpConfirmRequest,
  totpSetupResponse,
  turnOffSecondFactorRequest,
} from '@core/api/second-factor';
import { MESSAGES } from '@core/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { open, seal } from '../../crypto/secret-box';
import type { Queryable } from '../../db/connect';
import { recoveryCodes, users } from '../../db/schema';
import { allow, allowDuringEnrolment, callerOf, publicAccess } from '../../http/access';
import { badRequest, HttpError } from '../../http/http-error';
import { otpauthImageOf } from '../../passes/qr-image';
import { userScope } from '../../residents/manage-user-changes';
import { enqueueSecurityNotice } from '../security-notice';
import { endAllSessions } from '../session-store';
import { signInUser, sourceOf } from '../sign-in';
import { mustEnrolSecondFactor } from './enrolment-rule';
import { passkeysOf, removeAllPasskeys } from './passkeys/passkey-store';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes';
import { checkSecondFactorCode, refusalOf, secondFactorKeys } from './second-factor-check';
import { matchingTimeStep, newTotpSecret, otpauthUri } from './totp';

/** Removes the user's authenticator app and the recovery codes that came with it. */
async function removeAuthenticatorApp(db: Queryable, userId: string) {
  await db
    .update(users)
    .set({ totpSecretSealed: null, totpPendingSealed: null, totpLastStep: null })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

async function hasAuthenticatorApp(db: Queryable, userId: string): Promise<boolean> {
  const [user] = await db.select({ sealed: users.totpSecretSealed }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(user?.sealed);
}

/** Two-step verification: enrolling an authenticator app from Profile and the sign-in step after the password. */
export async function secondFactorRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const keys = secondFactorKeys(app.config.secret);

  api.get(
    '/api/second-factor',
    {
      config: { access: allowDuringEnrolment },
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
    '/api/second-factor/totp/setup',
    {
      config: { access: allowDuringEnrolment },
      schema: {
        tags: ['session'],
        summary: 'A new authenticator secret and its QR code, kept until a code confirms it',
        response: { 200: totpSetupResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (await hasAuthenticatorApp(app.db, caller.userId)) throw badRequest('The authenticator app is already on');
      const secret = await newTotpSecret();
      await app.db
        .update(users)
        .set({ totpPendingSealed: seal(keys.totp, secret) })
        .where(eq(users.id, caller.userId));
      const uri = await otpauthUri(caller.email, secret);
      return { secret, otpauthUri: uri, qrCode: await otpauthImageOf(uri) };
    },
  );

  api.post(
    '/api/second-factor/totp/confirm',
    {
      config: { access: allowDuringEnrolment },
      schema: {
        tags: ['session'],
        summary: 'Turn the authenticator on with its first code; answers the ten recovery codes, once',
        body: totpConfirmRequest,
        response: { 200: recoveryCodesResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const [user] = await app.db
        .select({ pending: users.totpPendingSealed })
        .from(users)
        .where(eq(users.id, caller.userId))
        .limit(1);
      if (!user?.pending) throw badRequest('Start the setup again: no authenticator is waiting for a code');
      const step = await matchingTimeStep(open(keys.totp, user.pending), request.body.code, app.config.now(), null);
      if (step === null) throw badRequest(MESSAGES.invalidSecondFactorCode);
      const recoveryCodes = await app.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpSecretSealed: user.pending, totpPendingSealed: null, totpLastStep: step })
          .where(eq(users.id, caller.userId));
        await enqueueSecurityNotice(app.jobs, tx, { userId: caller.userId, event: 'factor-added' });
        return replaceRecoveryCodes(tx, keys.recovery, caller.userId);
      });
      void app.jobs.kick();
      return { recoveryCodes };
    },
  );

  api.post(
    '/api/resident/login/second-factor',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['session'],
        summary: 'Finish signing in with an authenticator or recovery code',
        body: secondFactorSignInRequest,
        response: { 200: tokenResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const userId = await app.pendingSignIns.userOf(request.body.pendingToken);
      if (!userId) throw new HttpError(401, MESSAGES.secondFactorSignInExpired);
      const check = await checkSecondFactorCode(app, userId, request.body.code);
      if (check !== 'accepted') throw new HttpError(401, refusalOf(check));
      return { token: await signInUser(app, userId, sourceOf(request)) };
    },
  );

  api.post(
    '/api/second-factor/turn-off',
    {
      config: { access: allowDuringEnrolment },
      schema: {
        tags: ['session'],
        summary: 'Turn the authenticator app off, proven with a current or recovery code (passkeys stay)',
        body: turnOffSecondFactorRequest,
        response: { 200: messageResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const check = await checkSecondFactorCode(app, caller.userId, request.body.code);
      if (check !== 'accepted') throw badRequest(refusalOf(check));
      await app.db.transaction(async (tx) => {
        await removeAuthenticatorApp(tx, caller.userId);
        await enqueueSecurityNotice(app.jobs, tx, { userId: caller.userId, event: 'factor-removed' });
      });
      void app.jobs.kick();
      return { message: SECOND_FACTOR_MESSAGES.turnedOff };
    },
  );

  api.post(
    '/api/resident/:userId/second-factor/reset',
    {
      config: {
        access: allow(['superadmin'], (request) => userScope(app.db, (request.params as { userId?: string }).userId)),
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
      await app.db.transaction(async (tx) => {
        await removeAuthenticatorApp(tx, userId);
        await removeAllPasskeys(tx, userId);
        await endAllSessions(tx, userId, app.config.now());
        await enqueueSecurityNotice(app.jobs, tx, { userId, event: 'factor-reset' });
      });
      void app.jobs.kick();
      request.log.warn({ actorId: caller.userId, userId }, 'second factor reset by a super administrator');
      return { message: SECOND_FACTOR_MESSAGES.reset };
    },
  );
}
