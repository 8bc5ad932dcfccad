import { request as requests } from '@playwright/test';
import { LANDING_PATHS, LOGIN_PATHS } from '../core/roles';
import { startOidcProvider } from '../test/support/oidc-provider';
import { apiToken } from './support/api';
import { moderateOrWorseFindings } from './support/axe';
import { expect, test } from './support/fixtures';
import { freePort, type RunningServer, startGatehouse } from './support/gatehouse-server';
import { DESKTOP, PHONE } from './support/screens';
import { createProperty, createUser } from './support/seed';

const SHOTS = 'docs/screens/issue-44';
const MANAGER_EMAIL = 'mia.sso@acme.example';

// A server of its own, set up for a real OpenID provider (oidc-provider) that this file runs: the
// provider must know the server's callback address before the server starts.
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let sso: RunningServer;

test.beforeAll(async ({ mailbox }) => {
  const port = await freePort();
  provider = await startOidcProvider(`http://127.0.0.1:${port}/api/auth/oidc/callback`, {
    mia: { email: MANAGER_EMAIL, emailVerified: true },
  });
  sso = await startGatehouse(
    {
      SMTP_URL: mailbox.url,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.client_id,
      OIDC_CLIENT_SECRET: provider.client_secret,
      OIDC_LABEL: 'Acme',
    },
    { port },
  );
  const api = await requests.newContext({ baseURL: sso.baseURL });
  try {
    const root = await apiToken(api, { ...sso.superadmin, role: 'superadmin' });
    const property = await createProperty(api, root);
    await createUser(api, root, mailbox, { role: 'admin', propertyId: property._id, email: MANAGER_EMAIL });
  } finally {
    await api.dispose();
  }
});
test.afterAll(async () => {
  await sso?.stop();
  await provider?.stop();
});

test('a manager signs in with the company provider from the login page and lands in the app', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`${sso.baseURL}${LOGIN_PATHS.admin}`);
  const button = page.getByRole('button', { name: 'Sign in with Acme' });
  await expect(button).toBeVisible();
  await page.mouse.move(0, 0);
  expect(await moderateOrWorseFindings(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/sso-login-desktop.png` });
  await page.setViewportSize(PHONE);
  await expect(button).toBeVisible();
  expect(await moderateOrWorseFindings(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/sso-login-phone.png` });
  await page.setViewportSize(DESKTOP);

  await button.click();
  // The provider's own sign-in page; the person signs in there as Mia (the test provider's login).
  await page.waitForURL(`${provider.issuer}/interaction/**`);
  const uid = new URL(page.url()).pathname.split('/')[2];
  await page.goto(`${provider.issuer}/interaction/${uid}/as/mia`);
  // The provider asks once whether Gatehouse may have the email.
  await page.waitForURL(`${provider.issuer}/interaction/**`);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(`${sso.baseURL}${LANDING_PATHS.admin}`);
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Residents' })).toBeVisible();
});
