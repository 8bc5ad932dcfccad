import { SIGNED_OUT_BECAUSE } from '@core/api/session-end';
import { MESSAGES } from '@core/messages';
import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestEmailTo, resetTokenOf } from '../../test/support/account-test-support';
import { authenticatorCode } from '../../test/support/authenticator-app';
import { bearer, createTestApp, login, seedUser, TEST_PASSWORD, type TestApp } from '../../test/support/test-app';

// A browser whose session was ended from elsewhere is told why on its next call: the 401 keeps its
// message and carries the sentence the sign-in page shows (issue 41.17).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

/** The refused next call of a browser whose session ended. */
async function refusal(token: string) {
  const answer = await call('GET', '/api/sessions', token);
  expect(answer.statusCode).toBe(401);
  expect(answer.json().message).toBe(MESSAGES.sessionExpired);
  return answer.json().signedOutBecause as string | undefined;
}

async function residentWithTwoBrowsers() {
  const user = await seedUser(t.app, { role: 'resident' });
  const other = await login(t.app, user.email, TEST_PASSWORD, 'resident');
  return { user, other };
}

describe('a browser signed out from elsewhere is told why', () => {
  it('when the password was changed from Profile in another browser', async () => {
    const { user, other } = await residentWithTwoBrowsers();
    const changed = await call('POST', '/api/profile/change-password', user.token, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-new-password-41',
    });
    expect(changed.statusCode).toBe(200);
    expect(await refusal(other)).toBe(
      'You were signed out because your password was changed. Sign in with your new password.',
    );
    expect((await call('GET', '/api/sessions', user.token)).statusCode).toBe(200);
  });

  it('when the password was reset with an emailed link', async () => {
    const { user, other } = await residentWithTwoBrowsers();
    await call('POST', '/api/resident/request-password-reset', undefined, { email: user.email });
    const token = resetTokenOf(await latestEmailTo(t.app, user.email));
    const reset = await call('POST', `/api/resident/reset-password/${token}`, undefined, {
      newPassword: 'reset-41-pw',
    });
    expect(reset.statusCode).toBe(200);
    expect(await refusal(other)).toBe(SIGNED_OUT_BECAUSE['password-reset']);
    expect(await refusal(user.token)).toBe(SIGNED_OUT_BECAUSE['password-reset']);
  });

  it('when that session was signed out from another device in Profile', async () => {
    const { user, other } = await residentWithTwoBrowsers();
    const ended = await call('DELETE', `/api/sessions/${jose.decodeJwt(other).sid}`, user.token);
    expect(ended.statusCode).toBe(200);
    expect(await refusal(other)).toBe('You were signed out from another of your devices. Sign in again to continue.');
  });

  it('when another device signed out everywhere else', async () => {
    const { user, other } = await residentWithTwoBrowsers();
    expect((await call('POST', '/api/sessions/end-others', user.token)).statusCode).toBe(200);
    expect(await refusal(other)).toBe(SIGNED_OUT_BECAUSE['signed-out-elsewhere']);
  });

  it('when two-step verification was set up in another browser', async () => {
    const { user, other } = await residentWithTwoBrowsers();
    const { secret } = (await call('POST', '/api/second-factor/totp/setup', user.token)).json();
    const confirmed = await call('POST', '/api/second-factor/totp/confirm', user.token, {
      code: await authenticatorCode(t, secret),
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await refusal(other)).toBe(
      'You were signed out because two-step verification on your account was changed. Sign in again to continue.',
    );
  });

  it('when a super administrator reset their two-step verification', async () => {
    const { user, other } = await residentWithTwoBrowsers();
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    const reset = await call('POST', `/api/resident/${user.id}/second-factor/reset`, superadmin.token);
    expect(reset.statusCode).toBe(200);
    expect(await refusal(other)).toBe(
      'You were signed out because an administrator reset your two-step verification. Sign in again to continue.',
    );
  });

  it('but not when the browser signed itself out', async () => {
    const { other } = await residentWithTwoBrowsers();
    expect((await call('POST', '/api/logout', other)).statusCode).toBe(200);
    expect(await refusal(other)).toBeUndefined();
  });
});
