import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest } from '@playwright/test';
import { makeWalletCredentials } from '../test/support/wallet-credentials';
import { apiCall, apiToken } from './support/api';
import { expect, test } from './support/fixtures';
import { type RunningServer, startGatehouse } from './support/gatehouse-server';
import { propertyWithUser, unique, uniqueEmail } from './support/seed';

test.use({ viewport: { width: 390, height: 844 } });

// A server of its own with both wallets set up, by paths and text as a deployment gives them.
let site: RunningServer;
test.beforeAll(async ({ mailbox }) => {
  // Two servers start on this worker (the shared one and this one), on a loaded machine.
  test.setTimeout(180_000);
  const credentials = makeWalletCredentials();
  site = await startGatehouse({
    SMTP_URL: mailbox.url,
    APPLE_PASS_TYPE_ID: 'pass.test.gatehouse.visitor',
    APPLE_TEAM_ID: 'TEAM123456',
    APPLE_PASS_CERT: credentials.files.certificate,
    APPLE_PASS_KEY: credentials.files.privateKey,
    APPLE_WWDR_CERT: credentials.files.wwdr,
    GOOGLE_WALLET_ISSUER_ID: '3388000000022222228',
    GOOGLE_WALLET_SERVICE_ACCOUNT: credentials.files.serviceAccount,
  });
});
test.afterAll(async () => {
  await site.stop();
});

test("a visitor's pass page on a phone offers Apple Wallet and Google Wallet, and the email carries both", async ({
  page,
  mailbox,
}) => {
  const request = await playwrightRequest.newContext({ baseURL: site.baseURL });
  const { user: resident } = await propertyWithUser(
    request,
    { ...site.superadmin, role: 'superadmin' },
    mailbox,
    'resident',
  );
  const email = uniqueEmail('wally');
  await apiCall(request, await apiToken(request, resident), 'POST', '/api/visitor/register', {
    firstName: unique('Wally'),
    lastName: 'Wallet',
    email,
    qrType: 'betweenDates',
    lifetimeValidity: true,
    timezone: 'America/New_York',
  });
  const mail = await mailbox.waitFor(email, (message) => /\/pass\//.test(`${message.text}`));
  const text = `${mail.text}`;
  const token = /\/pass\/([A-Za-z0-9_-]+)/.exec(text)?.[1] as string;
  expect(text).toContain(`Add to Apple Wallet: ${site.baseURL}/api/pass/${token}/wallet.pkpass`);
  expect(text).toContain(`Save to Google Wallet: ${site.baseURL}/api/pass/${token}/google-wallet`);
  expect(`${mail.html}`).toContain('>Add to Apple Wallet</a>');

  await page.goto(`${site.baseURL}/pass/${token}`);
  const apple = page.getByRole('link', { name: 'Add to Apple Wallet' });
  const google = page.getByRole('link', { name: 'Save to Google Wallet' });
  await expect(apple).toBeVisible();
  await expect(google).toBeVisible();
  await expect(apple).toHaveAttribute('href', `/api/pass/${token}/wallet.pkpass`);
  await expect(google).toHaveAttribute('href', /^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
  // Stacked, the same width, each at least 48 px tall, inside the phone's width, with space between.
  const [a, g] = [await apple.boundingBox(), await google.boundingBox()];
  expect(a && g).toBeTruthy();
  if (a && g) {
    expect(Math.round(a.width)).toBe(Math.round(g.width));
    expect(Math.min(a.height, g.height)).toBeGreaterThanOrEqual(48);
    expect(g.y).toBeGreaterThanOrEqual(a.y + a.height + 8);
    expect(Math.max(a.x + a.width, g.x + g.width)).toBeLessThanOrEqual(390);
  }
  const download = page.waitForEvent('download');
  await apple.click();
  expect((await download).suggestedFilename()).toBe('pass.pkpass');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('pass-wallet-phone.png'), fullPage: true });
  await request.dispose();
});
