import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticatorCode, wrongCode } from '../../../test/support/authenticator-app';
import { sentEmailsTo } from '../../../test/support/sent-mail';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedUser,
  TEST_PASSWORD,
  type TestApp,
} from '../../../test/support/test-app';
import { parseTrustedProxies } from '../../platform/http/trusted-proxies';
import { LIMITS } from '../../platform/limits/limit-rules';

// Someone who has the password must not keep the owner from signing in by
// entering wrong codes. Codes are counted per account and source, the account as a whole is paced
// above a ceiling (never locked), and the owner is emailed once when codes are being guessed.
const PROXY = '203.0.113.5';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ trustedProxies: parseTrustedProxies('203.0.113.0/24') });
});
afterAll(() => t.close());

/** A POST through the trusted proxy on behalf of `client`. */
const postFrom = (client: string, url: string, payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': client, ...(token ? bearer(token) : {}) },
  });

async function enrolledOwner() {
  const owner = await seedUser(t.app, { role: 'resident' });
  const { secret } = (await postFrom('192.0.2.1', '/api/second-factor/totp/setup', {}, owner.token)).json();
  const code = await authenticatorCode(t, secret);
  expect((await postFrom('192.0.2.1', '/api/second-factor/totp/confirm', { code }, owner.token)).statusCode).toBe(200);
  t.clock.advance(30_000);
  return { owner, secret: secret as string };
}

async function pendingSignIn(owner: SeededUser, client: string) {
  const answer = await postFrom(client, '/api/resident/login', {
    email: owner.email,
    password: TEST_PASSWORD,
    userType: owner.role,
  });
  return answer.json().pendingToken as string;
}

const codeFrom = (client: string, pendingToken: string, code: string) =>
  postFrom(client, '/api/resident/login/second-factor', { pendingToken, code });

const guessingNotices = async (owner: SeededUser) =>
  (await sentEmailsTo(t.app, owner.email)).filter(
    (mail) => mail.subject === 'Wrong codes entered for your Gatehouse account',
  );

describe("wrong second-factor codes from someone who has the owner's password", () => {
  it('do not keep the owner out: the right code from another address signs in, and the owner is emailed once', async () => {
    const { owner, secret } = await enrolledOwner();
    const guesser = '198.51.100.66';
    const theirs = await pendingSignIn(owner, guesser);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push((await codeFrom(guesser, theirs, await wrongCode(t, secret))).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

    const signedIn = await codeFrom(
      '192.0.2.10',
      await pendingSignIn(owner, '192.0.2.10'),
      await authenticatorCode(t, secret),
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token).toEqual(expect.any(String));

    t.clock.advance(30_000);
    // The guesser's source stays refused, even with a right code.
    expect((await codeFrom(guesser, theirs, await authenticatorCode(t, secret))).statusCode).toBe(429);
    const notices = await guessingNotices(owner);
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toMatch(/change your password/i);
  });

  it('pace the account above the ceiling instead of locking it, and email the owner only once', async () => {
    const { owner, secret } = await enrolledOwner();
    for (let i = 0; i < LIMITS.secondFactorAccountCeiling.max; i++) {
      const source = `198.51.100.${100 + i}`;
      const answer = await codeFrom(source, await pendingSignIn(owner, source), await wrongCode(t, secret));
      expect(answer.statusCode).toBe(401);
    }
    const fromOwner = '192.0.2.20';
    const pending = await pendingSignIn(owner, fromOwner);
    expect((await codeFrom(fromOwner, pending, await authenticatorCode(t, secret))).statusCode).toBe(200);
    t.clock.advance(1_000);
    const tooSoon = await codeFrom(fromOwner, await pendingSignIn(owner, fromOwner), await wrongCode(t, secret));
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe(
      'This account has had many wrong codes. Please wait half a minute and try again.',
    );
    t.clock.advance(LIMITS.secondFactorAccountPace.windowMs);
    const later = await codeFrom(fromOwner, await pendingSignIn(owner, fromOwner), await authenticatorCode(t, secret));
    expect(later.statusCode).toBe(200);
    expect(await guessingNotices(owner)).toHaveLength(1);
  });
});
