import { errorResponse, messageResponse } from '@core/api/common';
import {
  addPasskeyRequest,
  MAX_PASSKEYS,
  PASSKEY_MESSAGES,
  passkeyParams,
  webauthnOptionsResponse,
} from '@core/api/passkeys';
import { ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownAccount, personName, recordActivity } from '../../../activity/record-activity';
import { allowDuringEnrolment, callerOf, type Permission } from '../../../authorization/route-permissions';
import { badRequest, notFound } from '../../../platform/errors/http-error';
import { enqueueSecurityNotice } from '../../security-notice-jobs';
import { changeFactorFromThisSessionOnly } from '../factor-change';
import { addPasskey, passkeyCount, passkeyOwner, passkeysOf, removePasskey } from './passkey-queries';
import { relyingPartyOf } from './relying-party';
import { webauthn } from './webauthn';
import { CHALLENGE_SECONDS, keepChallenge, takeChallenge } from './webauthn-challenges';

/** A passkey reaches only its own user, even one still enrolling: anyone else gets 404. */
const ownPasskey: Permission = {
  kind: 'user',
  roles: ROLES,
  selfOnly: true,
  duringEnrolment: true,
  scope: async (request, app) => {
    const { passkeyId } = request.params as { passkeyId: string };
    const ownerUserId = await passkeyOwner(app.db, passkeyId);
    return ownerUserId ? { propertyId: null, ownerUserId } : null;
  },
};

/** Passkeys as a second factor: registered, listed (in GET /api/second-factor) and removed from Profile. */
export async function passkeyRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const party = relyingPartyOf(app.config);

  api.post(
    '/api/second-factor/passkeys/options',
    {
      config: { permission: allowDuringEnrolment, activity: null },
      schema: {
        tags: ['session'],
        summary: 'WebAuthn options to register a passkey; its challenge works once, for two minutes',
        response: { 200: webauthnOptionsResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const existing = await passkeysOf(app.db, caller.userId);
      if (existing.length >= MAX_PASSKEYS) throw badRequest(PASSKEY_MESSAGES.tooMany);
      const { generateRegistrationOptions } = await webauthn();
      const options = await generateRegistrationOptions({
        rpName: party.name,
        rpID: party.id,
        userName: caller.email,
        userID: new TextEncoder().encode(caller.userId),
        userDisplayName: `${caller.firstName} ${caller.lastName}`.trim(),
        timeout: CHALLENGE_SECONDS * 1000,
        attestationType: 'none',
        excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: key.transports })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      await keepChallenge(app.db, {
        userId: caller.userId,
        purpose: 'register',
        value: options.challenge,
        now: app.config.now(),
      });
      return { options: options as unknown as Record<string, unknown> };
    },
  );

  api.post(
    '/api/second-factor/passkeys',
    {
      config: { permission: allowDuringEnrolment, activity: 'account.passkey-added' },
      schema: {
        tags: ['session'],
        summary: "Add a passkey from the browser's answer to the registration options; signs out every other session",
        body: addPasskeyRequest,
        response: { 200: messageResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { name, credential } = request.body;
      const challenge = await takeChallenge(app.db, {
        userId: caller.userId,
        purpose: 'register',
        clientDataJSON: credential.response.clientDataJSON,
        now: app.config.now(),
      });
      if (!challenge) throw badRequest(PASSKEY_MESSAGES.challengeExpired);
      const { verifyRegistrationResponse } = await webauthn();
      const verification = await verifyRegistrationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: party.origin,
        expectedRPID: party.id,
        // A second factor after the password: the key's presence is enough, as with a code.
        requireUserVerification: false,
      }).catch(() => null);
      if (!verification?.verified) throw badRequest(PASSKEY_MESSAGES.notVerified);
      const key = verification.registrationInfo.credential;
      await app.db.transaction(async (tx) => {
        await changeFactorFromThisSessionOnly(tx, caller, app.config.now());
        if ((await passkeyCount(tx, caller.userId)) >= MAX_PASSKEYS) throw badRequest(PASSKEY_MESSAGES.tooMany);
        const added = await addPasskey(tx, {
          userId: caller.userId,
          name,
          credentialId: key.id,
          publicKey: Buffer.from(key.publicKey).toString('base64url'),
          signCount: key.counter,
          transports: key.transports ?? credential.response.transports ?? [],
        });
        if (!added) throw badRequest(PASSKEY_MESSAGES.alreadyRegistered);
        await enqueueSecurityNotice(app.jobs, tx, { userId: caller.userId, event: 'passkey-added' });
        await recordActivity(tx, request, {
          summary: `${personName(caller)} added passkey '${name}'`,
          object: ownAccount(request),
          changes: { passkey: { before: null, after: name } },
        });
      });
      void app.jobs.kick();
      return { message: PASSKEY_MESSAGES.added };
    },
  );

  api.delete(
    '/api/second-factor/passkeys/:passkeyId',
    {
      config: { permission: ownPasskey, activity: 'account.passkey-removed' },
      schema: {
        tags: ['session'],
        summary: 'Remove one of your passkeys; signs out every other session',
        params: passkeyParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await app.db.transaction(async (tx) => {
        await changeFactorFromThisSessionOnly(tx, caller, app.config.now());
        const name = await removePasskey(tx, caller.userId, request.params.passkeyId);
        if (name === null) throw notFound();
        await enqueueSecurityNotice(app.jobs, tx, { userId: caller.userId, event: 'passkey-removed' });
        await recordActivity(tx, request, {
          summary: `${personName(caller)} removed passkey '${name}'`,
          object: ownAccount(request),
          changes: { passkey: { before: name, after: null } },
        });
      });
      void app.jobs.kick();
      return { message: PASSKEY_MESSAGES.removed };
    },
  );
}
