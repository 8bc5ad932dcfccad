import crypto from 'node:crypto';
import { errorResponse } from '@core/api/common';
import { ssoOfferResponse, ssoStartBody, ssoStartResponse } from '@core/api/single-sign-on';
import { SSO_MESSAGES, type SsoOutcome } from '@core/api/single-sign-on-messages';
import { TOKEN_COOKIE_DAYS, TOKEN_COOKIE_NAME } from '@core/constants';
import { LANDING_PATHS, LOGIN_PATHS, type Role } from '@core/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { recordActivity } from '../activity/record-activity';
import { publicPermission } from '../authorization/route-permissions';
import { accountEntry, sessionStarted } from '../identity/account-entry';
import { signInUser, sourceOf } from '../identity/sign-in';
import { accountForSignIn } from '../people/sign-in-account';
import { HttpError } from '../platform/errors/http-error';
import { OidcProviderClient } from './oidc-provider-client';
import { keepProviderSignIn, takeProviderSignIn } from './sso-store';

const STATE_COOKIE = 'gh_oidc_state';
const SIGN_IN_SECONDS = 600;
const CALLBACK_PATH = '/api/auth/oidc/callback';

const cookieOf = (request: FastifyRequest, name: string) =>
  (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];

/** RFC 8176: the provider says it checked more than a password. */
const providerDidMfa = (amr: unknown) =>
  Array.isArray(amr) && (amr.includes('mfa') || amr.filter((method) => typeof method === 'string').length >= 2);

/**
 * Single sign-on (issue 44, docs/decisions/0091): authorization code with PKCE, state and nonce
 * through openid-client. It signs in only an existing account of the login page's role whose email
 * the provider verified; it never creates one.
 */
export async function ssoRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const settings = app.config.oidc;
  const provider = settings ? new OidcProviderClient(settings) : null;
  const secure = app.config.appUrl.startsWith('https:');
  const redirectUri = `${app.config.appUrl.replace(/\/$/, '')}${CALLBACK_PATH}`;

  api.get(
    '/api/auth/oidc',
    {
      config: { permission: publicPermission, activity: null },
      schema: {
        tags: ['session'],
        summary: 'Whether the login pages offer single sign-on',
        response: { 200: ssoOfferResponse },
      },
    },
    async () => ({ label: settings?.label ?? null }),
  );

  api.post(
    '/api/auth/oidc/start',
    {
      config: { permission: publicPermission, activity: null },
      schema: {
        tags: ['session'],
        summary: "Where to send the browser to sign in at the company's identity provider",
        body: ssoStartBody,
        response: { 200: ssoStartResponse, 404: errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) => {
      if (!provider || !settings) throw new HttpError(404, 'Single sign-on is not set up');
      const configuration = await provider.configuration().catch((error: unknown) => {
        request.log.warn({ err: error }, 'the OpenID provider did not answer');
        return null;
      });
      // Said here, not thrown: the error handler hides every 5xx's words, and this one is for the person.
      if (!configuration)
        return reply.status(503).send({ message: SSO_MESSAGES.providerDown(settings.label), requestId: request.id });
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const verifier = oidc.randomPKCECodeVerifier();
      const expiresAt = new Date(app.config.now().getTime() + SIGN_IN_SECONDS * 1000);
      await keepProviderSignIn(
        app.db,
        app.config.secret,
        state,
        { role: request.body.role, nonce, verifier },
        expiresAt,
      );
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid email',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        // Asks for the methods the provider used (RFC 8176), which some send only when asked.
        claims: JSON.stringify({ id_token: { amr: null } }),
      });
      // Ties the callback to this browser: a callback carried to another one finds no cookie.
      reply.header(
        'set-cookie',
        `${STATE_COOKIE}=${state}; Path=${CALLBACK_PATH}; Max-Age=${SIGN_IN_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
      return { url: url.href };
    },
  );

  const refuse = (reply: FastifyReply, role: Role, outcome: SsoOutcome, email?: string) => {
    const query = new URLSearchParams({ sso: outcome, ...(email ? { email } : {}) });
    return reply.redirect(`${LOGIN_PATHS[role]}?${query}`, 303);
  };

  api.get(
    CALLBACK_PATH,
    {
      config: { permission: publicPermission, activity: ['account.sign-in'] },
      schema: {
        tags: ['session'],
        summary: 'Where the identity provider sends the browser back; signs in or names the refusal',
        querystring: z.record(z.string(), z.string().max(4000)),
      },
    },
    async (request, reply) => {
      const clearState = `${STATE_COOKIE}=; Path=${CALLBACK_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`;
      reply.header('set-cookie', clearState);
      const state = request.query.state;
      const cookieState = cookieOf(request, STATE_COOKIE);
      const sameBrowser =
        state &&
        cookieState &&
        state.length === cookieState.length &&
        crypto.timingSafeEqual(Buffer.from(state), Buffer.from(cookieState));
      const pending = sameBrowser ? await takeProviderSignIn(app.db, app.config.secret, state, app.config.now()) : null;
      if (!provider || !settings || !pending) return refuse(reply, 'resident', 'failed');
      let claims: { email?: unknown; email_verified?: unknown; amr?: unknown };
      try {
        const configuration = await provider.configuration();
        const current = new URL(request.url, `${app.config.appUrl.replace(/\/$/, '')}/`);
        const tokens = await oidc.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: pending.verifier,
          expectedState: state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new Error('no ID token');
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
        claims = { ...idClaims, ...info, amr: idClaims.amr };
      } catch (error) {
        request.log.warn({ err: error }, 'a sign-in through the OpenID provider failed');
        return refuse(reply, pending.role, 'failed');
      }
      const email = typeof claims.email === 'string' ? claims.email : '';
      if (!email) return refuse(reply, pending.role, 'failed');
      if (claims.email_verified !== true) return refuse(reply, pending.role, 'unverified', email);
      const account = await accountForSignIn(app.db, email, pending.role);
      if (!account) return refuse(reply, pending.role, 'unknown', email);
      const enrolled = account.hasAuthenticatorApp || account.hasPasskey;
      const mfaTrusted = settings.trustMfa && providerDidMfa(claims.amr);
      if (enrolled && !mfaTrusted) {
        // Gatehouse's own second factor, as after a password: the login page asks for it.
        const factors = [...(account.hasPasskey ? ['passkey'] : []), ...(account.hasAuthenticatorApp ? ['code'] : [])];
        const pendingToken = await app.pendingSignIns.issue(account.id);
        const fragment = new URLSearchParams({ pending: pendingToken, factors: factors.join(',') });
        return reply.redirect(`${LOGIN_PATHS[account.role]}#${fragment}`, 303);
      }
      const token = await signInUser(
        app,
        account.id,
        sourceOf(request),
        enrolled ? 'second-factor' : 'password',
        (tx, sessionId) =>
          recordActivity(
            tx,
            request,
            accountEntry(
              account,
              'account.sign-in',
              (name) => `${name} signed in with ${settings.label}`,
              sessionStarted(sessionId),
            ),
          ),
      );
      reply.header('set-cookie', [
        clearState,
        `${TOKEN_COOKIE_NAME}=${token}; Path=/; Max-Age=${TOKEN_COOKIE_DAYS * 86400}; SameSite=Lax${secure ? '; Secure' : ''}`,
      ]);
      return reply.redirect(LANDING_PATHS[account.role], 303);
    },
  );
}
