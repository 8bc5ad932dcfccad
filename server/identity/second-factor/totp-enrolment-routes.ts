import { errorResponse } from '@core/api/common';
import {
  recoveryCodesResponse,
  SECOND_FACTOR_MESSAGES,
  totpConfirmRequest,
  totpSetupResponse,
} from '@core/api/second-factor';
import { MESSAGES } from '@core/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasAuthenticatorApp, turnOnAuthenticatorApp } from '../../accounts/account-credentials';
import { ownAccount, personName, recordActivity } from '../../activity/record-activity';
import { pendingTotpOf, setPendingTotp } from '../../authorization/pending-totp';
import { allowDuringEnrolment, callerOf } from '../../authorization/route-permissions';
import { open, seal } from '../../platform/crypto/secret-box';
import { badRequest, HttpError } from '../../platform/errors/http-error';
import { SERVER_MESSAGES } from '../../platform/errors/server-messages';
import { TooManyRequests } from '../../platform/errors/too-many';
import { otpauthImageOf } from '../../platform/images/qr-image';
import { LIMITS } from '../../platform/limits/limit-rules';
import { release, reserve } from '../../platform/limits/rate-limit';
import { enqueueSecurityNotice } from '../security-notice-jobs';
import { changeFactorFromThisSessionOnly } from './factor-change';
import { replaceRecoveryCodes } from './recovery-codes';
import { secondFactorKeys } from './second-factor-check';
import { matchingTimeStep, newTotpSecret, otpauthUri } from './totp';

const ALREADY_ON = 'The authenticator app is already on';
const NOTHING_WAITING = 'Start the setup again: no authenticator is waiting for a code';

/**
 * Turning the authenticator app on from Profile: setup keeps a new secret on the caller's session
 * (no other session can confirm or replace it), and its first code confirms it, limited per session.
 */
export async function totpEnrolmentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const keys = secondFactorKeys(app.config.secret);

  /** The secret this session set up; 401 once the session has ended (another one enrolled meanwhile). */
  const pendingSecretOf = async (sessionId: string) => {
    const session = await pendingTotpOf(app.db, sessionId);
    if (!session || session.endedAt) throw new HttpError(401, MESSAGES.sessionExpired);
    return session.pending;
  };

  api.post(
    '/api/second-factor/totp/setup',
    {
      config: { permission: allowDuringEnrolment, activity: null },
      schema: {
        tags: ['session'],
        summary: 'A new authenticator secret and its QR code, kept for this session until a code confirms it',
        response: { 200: totpSetupResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (await hasAuthenticatorApp(app.db, caller.userId)) throw badRequest(ALREADY_ON);
      const secret = await newTotpSecret();
      await setPendingTotp(app.db, caller.sessionId, seal(keys.totp, secret));
      const uri = await otpauthUri(caller.email, secret);
      return { secret, otpauthUri: uri, qrCode: await otpauthImageOf(uri) };
    },
  );

  api.post(
    '/api/second-factor/totp/confirm',
    {
      config: { permission: allowDuringEnrolment, activity: 'account.totp-enrolled' },
      schema: {
        tags: ['session'],
        summary:
          "Turn the authenticator on with its first code (this session's setup); answers the ten recovery codes, once. Signs out every other session",
        body: totpConfirmRequest,
        response: { 200: recoveryCodesResponse, 400: errorResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const now = app.config.now();
      const reservation = await reserve(app.db, LIMITS.secondFactorConfirm, caller.sessionId, now);
      if (!reservation.allowed)
        throw new TooManyRequests(SERVER_MESSAGES.tooManyCodeAttempts, reservation.retryAfterSeconds);
      const pending = await pendingSecretOf(caller.sessionId);
      if (!pending) throw badRequest(NOTHING_WAITING);
      const step = await matchingTimeStep(open(keys.totp, pending), request.body.code, now, null);
      if (step === null) throw badRequest(SECOND_FACTOR_MESSAGES.setupCodeRefused);
      const recoveryCodes = await app.db.transaction(async (tx) => {
        await changeFactorFromThisSessionOnly(tx, caller, now);
        if (!(await turnOnAuthenticatorApp(tx, caller.userId, pending, step))) throw badRequest(ALREADY_ON);
        await setPendingTotp(tx, caller.sessionId, null);
        await enqueueSecurityNotice(app.jobs, tx, { userId: caller.userId, event: 'factor-added' });
        await recordActivity(tx, request, {
          summary: `${personName(caller)} set up an authenticator app`,
          object: ownAccount(request),
          changes: {
            authenticatorApp: { before: false, after: true },
            totpSecret: { before: null, after: true },
            recoveryCodes: { before: null, after: true },
          },
        });
        return replaceRecoveryCodes(tx, keys.recovery, caller.userId);
      });
      await release(app.db, LIMITS.secondFactorConfirm, caller.sessionId);
      void app.jobs.kick();
      return { recoveryCodes };
    },
  );
}
