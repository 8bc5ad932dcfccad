import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { INSTALL_MESSAGES } from '../core/api/install-messages';
import { OFFLINE_MESSAGE } from '../core/api/offline-messages';
import { PUSH_MESSAGES } from '../core/api/push-messages';
import { FULL_CHROMIUM } from '../playwright.config';
import { apiCall, apiToken } from './support/api';
import { moderateOrWorseFindings } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { shoot } from './support/screens';
import { createProperty, createUser } from './support/seed';
import {
  controlledBy,
  deliverPushUntilShown,
  recordWindowsOpened,
  shownNotifications,
  tapNotification,
} from './support/service-worker';

// The one suite that lets the app's service worker run (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow', launchOptions: FULL_CHROMIUM });

test('the service worker installs and the manifest passes Chromium’s installability check', async ({ baseURL }) => {
  // A profile on disk: Chromium refuses to install anything from an incognito context.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...FULL_CHROMIUM,
    baseURL,
  });
  const page = await context.newPage();
  await page.goto('/login/Resident-Login');
  await controlledBy(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
});

test('the manifest names the app and lands on the gates', async ({ page }) => {
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Gatehouse', display: 'standalone', start_url: '/access-gates?source=app' });
});

test('the app opens offline from its precache and says “You’re offline”', async ({ page, context }) => {
  await page.goto('/login/Resident-Login');
  await controlledBy(page);
  await context.setOffline(true);
  await page.goto('/login/Resident-Login');
  await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // Nothing from /api was kept: an API answer offline is a network failure, not a cached copy.
  const api = await page.evaluate(() =>
    fetch('/api/push/public-key').then(
      () => 'answered',
      () => 'failed',
    ),
  );
  expect(api).toBe('failed');
  await shoot(page, 'app-offline');
  await context.setOffline(false);
});

test('a push delivered to the service worker shows its sentence as a notification', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.goto('/login/Resident-Login');
  await controlledBy(page);
  await deliverPushUntilShown(
    page,
    JSON.stringify({ body: 'Your visitor Ana arrived at Main Gate', url: '/visitor-list' }),
  );
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([['Gatehouse', 'Your visitor Ana arrived at Main Gate', '/visitor-list']]);
});

/** Shows a notification of the lockdown pushed to this page's worker, whose tap opens the gates. */
async function lockdownShown(page: Page) {
  await page.context().grantPermissions(['notifications'], { origin: new URL(page.url()).origin });
  await deliverPushUntilShown(
    page,
    JSON.stringify({ body: 'Lockdown started at Oak Ridge: Drill', url: '/access-gates' }),
  );
  await expect.poll(() => shownNotifications(page)).toHaveLength(1);
}

test('a tap on a notification while no window of the app is open opens one on the notification’s screen', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/login/Resident-Login');
  await controlledBy(page);
  await lockdownShown(page);
  await page.goto('about:blank');
  const opened = await recordWindowsOpened(context);
  await tapNotification(context);
  await expect.poll(opened).toEqual([`${new URL(baseURL!).origin}/access-gates`]);
});

test('a tap never takes a gate reader’s kiosk page away from its gate: it opens a window of its own', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/login/Resident-Login');
  await controlledBy(page);
  await page.goto('/reader');
  await lockdownShown(page);
  const opened = await recordWindowsOpened(context);
  await tapNotification(context);
  await expect.poll(opened).toEqual([`${new URL(baseURL!).origin}/access-gates`]);
  expect(new URL(page.url()).pathname).toBe('/reader');
});

test('a tap with only a window the worker does not control (reloaded bypassing it) opens a new one', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/login/Resident-Login');
  await controlledBy(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await lockdownShown(page);
  const opened = await recordWindowsOpened(context);
  await tapNotification(context);
  await expect.poll(opened).toEqual([`${new URL(baseURL!).origin}/access-gates`]);
});

test('Profile lists the devices with notifications on and removes one', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const property = await createProperty(request, await apiToken(request, superadmin));
  const resident = await createUser(request, await apiToken(request, superadmin), mailbox, {
    role: 'resident',
    propertyId: property._id,
  });
  const token = await apiToken(request, resident);
  await apiCall(request, token, 'POST', '/api/push/subscriptions', {
    endpoint: 'https://push.example.com/send/e2e-phone',
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  });
  await signIn(page, resident);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('button', { name: PUSH_MESSAGES.turnOn })).toBeVisible();
  const devices = page.getByTestId('push-device');
  await expect(devices).toHaveCount(1);
  expect(await moderateOrWorseFindings(page)).toEqual([]);
  await shoot(page, 'profile-push-devices');
  await devices.getByRole('button', { name: /^Remove/ }).click();
  await expect(devices).toHaveCount(0);
  await expect(page.getByText(PUSH_MESSAGES.noDevices)).toBeVisible();
});

const iPhone = (browser: Browser, baseURL: string | undefined) =>
  browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });

test('the install hint is a short strip that “Not now” hides for this visit only', async ({ browser, baseURL }) => {
  const context = await iPhone(browser, baseURL);
  const page = await context.newPage();
  await page.goto('/login/Resident-Login');
  const hint = page.getByTestId('install-hint');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const box = await hint.boundingBox();
  expect(box?.height).toBeLessThanOrEqual(100);
  await hint.getByRole('button', { name: INSTALL_MESSAGES.notNow }).click();
  await expect(hint).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(hint).toHaveCount(0);
  // Another visit (a new tab) asks again.
  const later = await context.newPage();
  await later.goto('/login/Resident-Login');
  await expect(later.getByTestId('install-hint')).toBeVisible();
  await context.close();
});

test('the installed app, opened at its start page, shows no install hint on any page', async ({ browser, baseURL }) => {
  const context = await iPhone(browser, baseURL);
  const page = await context.newPage();
  await page.goto('/access-gates?source=app');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByTestId('install-hint')).toHaveCount(0);
  await page.goto('/login/Property-Manager-Login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByTestId('install-hint')).toHaveCount(0);
  await context.close();
});

test('an iPhone is told once how to add the app to its Home Screen, and “Don’t show again” holds', async ({
  browser,
  baseURL,
}) => {
  const context = await iPhone(browser, baseURL);
  const page = await context.newPage();
  await page.goto('/login/Resident-Login');
  const hint = page.getByTestId('install-hint');
  await expect(hint).toContainText(INSTALL_MESSAGES.installIos);
  // The hint is the shell's and shows before the login screen's own code has loaded: axe checks
  // the whole page once both are there.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await moderateOrWorseFindings(page)).toEqual([]);
  await shoot(page, 'install-hint-ios', ['phone']);
  await hint.getByRole('button', { name: INSTALL_MESSAGES.dismiss }).click();
  await expect(hint).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(hint).toHaveCount(0);
  await context.close();
});
