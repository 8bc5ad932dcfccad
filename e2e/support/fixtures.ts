import { test as base, expect, type Page } from '@playwright/test';
import { LOGIN_PATHS, type Role } from '../../core/roles';
import { type RunningServer, startGatehouse } from './gatehouse-server';
import { Mailbox } from './mailbox';

export interface Credentials {
  email: string;
  password: string;
  role: Role;
}

/** The broker MQTT relays and the servers under test meet on: the machine's Mosquitto. */
export const E2E_MQTT_URL = process.env.E2E_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

type WorkerFixtures = { mailbox: Mailbox; server: RunningServer };
type TestFixtures = { superadmin: Credentials };

/** Each worker runs its own real server, database and SMTP server; tests share them with unique data. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  mailbox: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const mailbox = new Mailbox();
      await mailbox.start();
      await use(mailbox);
      await mailbox.stop();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ mailbox }, use) => {
      const server = await startGatehouse({ SMTP_URL: mailbox.url, MQTT_URL: E2E_MQTT_URL });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
  superadmin: async ({ server }, use) => use({ ...server.superadmin, role: 'superadmin' }),
});

export { expect };

/** Fills and sends the login form already on screen; resolves once the app has left the login page. */
export async function submitSignIn(page: Page, user: Credentials) {
  const loginPath = new URL(page.url()).pathname;
  await page.getByLabel('Email').fill(user.email);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill(user.password);
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/resident/login'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  if ((await answered).ok()) await page.waitForURL((url) => url.pathname !== loginPath);
}

/** Logs out from the header (or the phone menu) and waits until the app is on a login page, cookie gone. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.waitForURL((url) => url.pathname.startsWith('/login/'));
}

/** Signs in through the login form of the user's role, as a person would. */
export async function signIn(page: Page, user: Credentials) {
  await page.goto(LOGIN_PATHS[user.role]);
  await submitSignIn(page, user);
}
