import { tokenResponse } from '@core/api/auth';
import { errorResponse } from '@core/api/common';
import {
  PASSKEY_MESSAGES,
  type passkeyAuthenticationCredential,
  passkeySignInRequest,
  pendingPasskeyRequest,
  webauthnOptionsResponse,
} from '@core/api/passkeys';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { recordActivity } from '../../../activity/record-activity';
import { publicPermission } from '../../../authorization/route-permissions';
import { badRequest, HttpError } from '../../../platform/errors/http-error';
import { SERVER_MESSAGES } from '../../../platform/errors/server-messages';
import { accountEntry, sessionStarted, trailAccountOf } from '../../account-entry';
import { signInUser, sourceOf } from '../../sign-in';
import { countedSecondFactorTry } from '../second-factor-check';
import { passkeyByCredential, passkeysOf, recordPasskeyUse } from './passkey-queries';
import { relyingPartyOf } from './relying-party';
import { webauthn } from './webauthn';
import { CHALLENGE_SECONDS, keepChallenge, takeChallenge } from './webauthn-challenges';

/** The sign-in step after the password, with a passkey instead of a code. */
export async function passkeySignInRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const party = relyingPartyOf(app.config);

  const userOfPending = async (pendingToken: string) => {
    const userId = await app.pendingSignIns.userOf(pendingToken);
    if (!userId) throw new HttpError(401, SERVER_MESSAGES.secondFactorSignInExpired);
    return userId;
  };

  api.post(
    '/api/resident/login/passkey/options',
    {
      config: { permission: publicPermission, activity: null },
      schema: {
        tags: ['session'],
        summary: "WebAuthn options to sign in with one of the user's passkeys, after the password",
        body: pendingPasskeyRequest,
        response: { 200: webauthnOptionsResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const userId = await userOfPending(request.body.pendingToken);
      const keys = await passkeysOf(app.db, userId);
      if (!keys.length) throw badRequest(PASSKEY_MESSAGES.notVerified);
      const { generateAuthenticationOptions } = await webauthn();
      const options = await generateAuthenticationOptions({
        rpID: party.id,
        allowCredentials: keys.map((key) => ({ id: key.credentialId, transports: key.transports })),
        userVerification: 'preferred',
        timeout: CHALLENGE_SECONDS * 1000,
      });
      await keepChallenge(app.db, { userId, purpose: 'sign-in', value: options.challenge, now: app.config.now() });
      return { options: options as unknown as Record<string, unknown> };
    },
  );

  /** Whether the answer is a valid, fresh use of one of the user's passkeys; a replayed challenge or counter is not. */
  const acceptPasskey = async (userId: string, credential: z.infer<typeof passkeyAuthenticationCredential>) => {
    const now = app.config.now();
    const challenge = await takeChallenge(app.db, {
      userId,
      purpose: 'sign-in',
      clientDataJSON: credential.response.clientDataJSON,
      now,
    });
    const key = challenge && (await passkeyByCredential(app.db, userId, credential.id));
    if (!challenge || !key) return false;
    const { verifyAuthenticationResponse } = await webauthn();
    const verification = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: key.signCount,
        transports: key.transports,
      },
      requireUserVerification: false,
    }).catch(() => null);
    if (!verification?.verified) return false;
    return recordPasskeyUse(app.db, key.id, verification.authenticationInfo.newCounter, now);
  };

  api.post(
    '/api/resident/login/passkey',
    {
      config: { permission: publicPermission, activity: ['account.second-factor', 'account.second-factor-failed'] },
      schema: {
        tags: ['session'],
        summary: 'Finish signing in with a passkey',
        body: passkeySignInRequest,
        response: { 200: tokenResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const { pendingToken, credential } = request.body;
      const userId = await userOfPending(pendingToken);
      const accepted = await countedSecondFactorTry(app, userId, request.ip, () => acceptPasskey(userId, credential));
      const account = await trailAccountOf(app.db, userId);
      if (!account) throw new HttpError(401, SERVER_MESSAGES.secondFactorSignInExpired);
      if (!accepted) {
        await app.db.transaction((tx) =>
          recordActivity(
            tx,
            request,
            accountEntry(account, 'account.second-factor-failed', (name) => `A passkey was refused for ${name}`),
          ),
        );
        throw new HttpError(401, PASSKEY_MESSAGES.notVerified);
      }
      const token = await signInUser(app, userId, sourceOf(request), 'second-factor', (tx, sessionId) =>
        recordActivity(
          tx,
          request,
          accountEntry(
            account,
            'account.second-factor',
            (name) => `${name} signed in with a passkey`,
            sessionStarted(sessionId),
          ),
        ),
      );
      return { token };
    },
  );
}
