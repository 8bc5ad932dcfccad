import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface ProviderAccount {
  email: string;
  emailVerified: boolean;
  /** What the provider says it checked (RFC 8176), e.g. ['pwd', 'otp']. */
  amr?: string[];
}

/**
 * A real OpenID provider (oidc-provider) on http://127.0.0.1, with one client. Its sign-in form is
 * replaced by `signIn`, which names the account (and its amr) the way a person's login would.
 */
export async function startOidcProvider(redirectUri: string, accounts: Record<string, ProviderAccount>) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = { client_id: 'gatehouse', client_secret: 'gatehouse-test-secret-0123456789' };
  const provider = new Provider(issuer, {
    clients: [
      { ...client, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] },
    ],
    pkce: { required: () => true },
    features: { claimsParameter: { enabled: true } },
    // amr is not among oidc-provider's default claims: without it listed, no ID token carries it.
    claims: { openid: ['sub'], email: ['email', 'email_verified'], amr: null },
    findAccount: async (_ctx, sub) => {
      const account = accounts[sub];
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: account.email, email_verified: account.emailVerified }),
      };
    },
    cookies: { keys: ['test-cookie-key-0123456789'] },
  });
  provider.proxy = false;
  const callback = provider.callback();
  server.on('request', async (req, res) => {
    const login = /^\/interaction\/([^/]+)\/as\/([^/?]+)$/.exec(req.url ?? '');
    if (login) {
      const accountId = decodeURIComponent(login[2]);
      const amr = accounts[accountId]?.amr;
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId, ...(amr ? { amr } : {}) } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    callback(req, res);
  });

  /** Follows the provider's redirects as a browser would, signing in as `accountId`; the URL it sends back. */
  async function signIn(authorizationUrl: string, accountId: string): Promise<string> {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    let method = 'GET';
    let body: string | undefined;
    for (let hop = 0; hop < 20; hop++) {
      if (url.startsWith(redirectUri)) return url;
      const answer = await fetch(url, {
        method,
        body,
        redirect: 'manual',
        headers: {
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
      });
      for (const cookie of answer.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = answer.headers.get('location');
      method = 'GET';
      body = undefined;
      if (location) {
        url = new URL(location, url).href;
        continue;
      }
      const page = await answer.text();
      const uid = /\/interaction\/([^/"]+)/.exec(url)?.[1];
      if (!uid) throw new Error(`the provider answered ${answer.status}: ${page.slice(0, 300)}`);
      if (page.includes('name="login"')) url = `${issuer}/interaction/${uid}/as/${encodeURIComponent(accountId)}`;
      else {
        url = `${issuer}/interaction/${uid}`;
        method = 'POST';
        body = 'prompt=consent';
      }
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    ...client,
    signIn,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
