import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { connectPglite, connectPostgres, type Database } from '../server/platform/db/connect';
import { apiToken } from './support/api';
import { type Credentials, expect, signIn, test } from './support/fixtures';
import { type RunningServer, startGatehouse } from './support/gatehouse-server';
import type { Mailbox } from './support/mailbox';
import { createUser } from './support/seed';

const RESET_SENT =
  'An email has been sent to the entered address with instructions to reset your password. This email is valid for 10 minutes.';

/** A super user (no property needed) on the server behind `api`, and the reset link mailed to them. */
async function userWithResetLink(api: APIRequestContext, mailbox: Mailbox, superadmin: Credentials) {
  const user = await createUser(api, await apiToken(api, superadmin), mailbox, { role: 'superadmin' });
  const answer = await api.post('/api/resident/request-password-reset', { data: { email: user.email } });
  expect(await answer.json()).toEqual({ message: RESET_SENT });
  const mail = await mailbox.waitFor(user.email, (m) => /set-new-password\//.test(`${m.text}`));
  const token = /set-new-password\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1];
  return { user, token };
}

/** Moves a user's reset links past their expiry, straight in the server's database. */
async function expireResetLinks(database: Database, email: string) {
  await database.orm.execute(
    sql`update account_tokens set expires_at = now() - interval '1 minute'
        where kind = 'reset' and user_id = (select id from users where email = ${email})`,
  );
  await database.close();
}

test('reset: request, the emailed link, a new password that signs in, and the link refused afterwards', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const user = await createUser(request, await apiToken(request, superadmin), mailbox, { role: 'superadmin' });
  await page.goto('/login/Resident-Login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  // The login form (with its own Email field) stays until the reset page's code has arrived.
  await expect(page.getByRole('heading', { name: 'Request Password Reset' })).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address');
  await page.getByLabel('Email').fill(user.email.toUpperCase());
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toHaveText(RESET_SENT);

  const mail = await mailbox.waitFor(user.email, (m) => /set-new-password\//.test(`${m.text}`));
  const link = /(http\S+\/set-new-password\/[A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1];
  await page.goto(link);
  await page.getByLabel('New Password').fill('12345');
  await page.getByLabel('Confirm Password').fill('12345');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByLabel('New Password')).toHaveAccessibleDescription(
    'Password must be at least 6 characters long',
  );
  await page.getByLabel('New Password').fill('a-new-password');
  await page.getByLabel('Confirm Password').fill('a-new-passwort');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByLabel('Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
  await page.getByLabel('Confirm Password').fill('a-new-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(/Redirecting to the login page in [1-5] seconds/)).toBeVisible();
  await expect(page).toHaveURL(/\/login\//, { timeout: 8000 });

  await signIn(page, { ...user, password: 'a-new-password' });
  await expect(page).toHaveURL(/\/dashboard$/);
  const old = await request.post('/api/resident/login', {
    data: { email: user.email, password: user.password, userType: 'superadmin' },
  });
  expect(old.status()).toBe(401);

  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('The reset token has expired or is invalid');
});

test('an expired reset link says so and counts down to the home page', async ({
  page,
  server,
  mailbox,
  superadmin,
}) => {
  let site: RunningServer = server;
  let api = await playwrightRequest.newContext({ baseURL: server.baseURL });
  let ownServer: RunningServer | null = null;
  // PGlite belongs to one process: the test runs its own server, stops it to move the expiry, restarts.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-reset-'));
  if (!server.databaseUrl) {
    ownServer = await startGatehouse({ SMTP_URL: mailbox.url, DATA_DIR: dataDir });
    site = ownServer;
    api = await playwrightRequest.newContext({ baseURL: ownServer.baseURL });
  }
  const { user, token } = await userWithResetLink(api, mailbox, superadmin);
  await api.dispose();

  if (server.databaseUrl) {
    await expireResetLinks(await connectPostgres(server.databaseUrl, 1), user.email);
  } else {
    await ownServer!.stop();
    await expireResetLinks(await connectPglite(dataDir), user.email);
    ownServer = await startGatehouse({ SMTP_URL: mailbox.url, DATA_DIR: dataDir });
    site = ownServer;
  }

  try {
    await page.goto(`${site.baseURL}/set-new-password/${token}`);
    await expect(page.getByRole('alert')).toHaveText('The reset token has expired or is invalid');
    await expect(page.getByText(/Redirecting to the home page in [1-5] seconds/)).toBeVisible();
    await expect(page.getByLabel('New Password')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login\/Resident-Login$/, { timeout: 8000 });
  } finally {
    await ownServer?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a link used up in another tab while this one is open says so on submit and counts down home', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { token } = await userWithResetLink(request, mailbox, superadmin);
  await page.goto(`/set-new-password/${token}`);
  await expect(page.getByLabel('New Password')).toBeVisible();

  const elsewhere = await request.post(`/api/resident/reset-password/${token}`, {
    data: { newPassword: 'first-tab-wins' },
  });
  expect(elsewhere.status()).toBe(200);

  await page.getByLabel('New Password').fill('second-tab');
  await page.getByLabel('Confirm Password').fill('second-tab');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The reset token has expired or is invalid');
  await expect(page.getByText(/Redirecting to the home page in [1-5] seconds/)).toBeVisible();
  await expect(page).not.toHaveURL(/\/set-new-password\//, { timeout: 8000 });
});
