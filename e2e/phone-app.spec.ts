import type { Page } from '@playwright/test';
import { DELIVERY_MESSAGES } from '../core/api/delivery-passes';
import { DEVICE_MESSAGES } from '../core/api/device-messages';
import { ONE_TAP_MESSAGES } from '../core/api/one-tap-messages';
import { apiCall, apiToken } from './support/api';
import { moderateOrWorseFindings } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { type RunningRelaySimulator, startRelaySimulator } from './support/relay-simulator';
import { DESKTOP, PHONE, shoot } from './support/screens';
import { createUser, unique } from './support/seed';

let simulator: RunningRelaySimulator;
test.beforeAll(async () => {
  simulator = await startRelaySimulator();
});
test.afterAll(async () => {
  await simulator?.stop();
});

test.use({ viewport: PHONE });

const box = async (page: Page, testId: string) => (await page.getByTestId(testId).boundingBox())!;

test('a favourite gate opens in one tap from the app’s start screen, with the answer in words', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const root = await apiToken(request, superadmin);
  const property = await apiCall<{ _id: string }>(request, root, 'POST', '/api/property/register', {
    propertyName: unique('Phone Court'),
    propertyLocation: '9 Phone Court Road',
  });
  const gateName = unique('Main Gate');
  const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
  await apiCall(request, root, 'POST', '/api/device/register', {
    deviceName: gateName,
    deviceType: 'gate',
    propertyId: property._id,
    deviceIpAddress: relay.address,
  });
  // More gates than fit on a phone's screen: the favourite's button must stay within reach anyway.
  for (const other of ['North Gate', 'South Gate', 'Garage Door']) {
    await apiCall(request, root, 'POST', '/api/device/register', {
      deviceName: other,
      deviceType: 'gate',
      propertyId: property._id,
      deviceIpAddress: (await simulator.addDevice({ protocol: 'shelly-gen1' })).address,
    });
  }
  const manager = await createUser(request, root, mailbox, { role: 'admin', propertyId: property._id });
  await signIn(page, manager);

  // No favourite yet: the start screen says how to get one, and each gate has the toggle.
  await page.goto('/access-gates?source=app');
  await expect(page.getByText(ONE_TAP_MESSAGES.noFavourite)).toBeVisible();
  const toggle = page.getByRole('button', { name: new RegExp(`${ONE_TAP_MESSAGES.favourite}.*${gateName}`) });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  // The shortcut's address lands on the big button, focused, within one thumb's reach.
  await page.goto('/access-gates?open=favourite&source=shortcut');
  const open = page.getByTestId('one-tap-open');
  await expect(open).toHaveText(ONE_TAP_MESSAGES.open(gateName));
  await expect(open).toBeFocused();
  const { height, y } = await box(page, 'one-tap-open');
  expect(height).toBeGreaterThanOrEqual(44);
  // On screen, in its lower half: where the thumb of the hand holding the phone reaches.
  expect(y + height).toBeLessThanOrEqual(PHONE.height);
  expect(y + height / 2).toBeGreaterThanOrEqual(PHONE.height / 2);
  // The gate's whole name shows: a long one wraps instead of being cut off.
  const clipped = await open.evaluate((button) => {
    const label = button.querySelector<HTMLElement>('.mantine-Button-label')!;
    return label.scrollWidth > label.clientWidth || label.scrollHeight > label.clientHeight;
  });
  expect(clipped).toBe(false);
  expect(await moderateOrWorseFindings(page)).toEqual([]);
  // On a desktop the button leads the page (the layout changes at the menu's breakpoint).
  await page.setViewportSize(DESKTOP);
  expect(await moderateOrWorseFindings(page)).toEqual([]);
  expect((await box(page, 'one-tap-open')).y).toBeLessThan(
    (await page.getByRole('button', { name: 'Open Gate' }).first().boundingBox())!.y,
  );
  await page.setViewportSize(PHONE);
  await shoot(page, 'one-tap-open');

  await open.click();
  await expect(page.getByRole('status').filter({ hasText: DEVICE_MESSAGES.gateOpened(gateName) })).toBeVisible();
  // The same route as every Open: the gate log holds it.
  const logs = await apiCall<{ logs: unknown[] }>(request, root, 'GET', '/api/relay-logs/all');
  expect(JSON.stringify(logs.logs)).toContain(gateName);
  await shoot(page, 'one-tap-opened', ['phone']);
});

test('a courier’s pass falls back to Copy link where the browser has no share sheet', async ({
  page,
  request,
  mailbox,
  superadmin,
  baseURL,
}) => {
  const root = await apiToken(request, superadmin);
  const property = await apiCall<{ _id: string }>(request, root, 'POST', '/api/property/register', {
    propertyName: unique('Share Court'),
    propertyLocation: '4 Share Court Road',
  });
  const manager = await createUser(request, root, mailbox, { role: 'admin', propertyId: property._id });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signIn(page, manager);
  expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('tab', { name: 'Delivery passes' }).click();
  const section = page.getByRole('region', { name: 'Delivery passes' });
  await section.getByLabel('Company (optional)').fill('Phone Freight');
  await section.getByRole('button', { name: /create/i }).click();
  const pass = section.getByTestId('delivery-pass').filter({ hasText: 'Phone Freight' });
  await expect(pass.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await pass.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText(DELIVERY_MESSAGES.linkCopied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/delivery\/[A-Za-z0-9_-]+$/);
  await shoot(page, 'delivery-pass-copy-link', ['phone']);
});

test('where the browser has a share sheet, a courier’s pass is shared with its link and a sentence', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  await page.addInitScript(() => {
    (window as unknown as { shared: ShareData[] }).shared = [];
    Object.defineProperty(navigator, 'share', {
      value: async (data: ShareData) => {
        (window as unknown as { shared: ShareData[] }).shared.push(data);
      },
    });
  });
  const root = await apiToken(request, superadmin);
  const property = await apiCall<{ _id: string }>(request, root, 'POST', '/api/property/register', {
    propertyName: unique('Sheet Court'),
    propertyLocation: '5 Sheet Court Road',
  });
  const manager = await createUser(request, root, mailbox, { role: 'admin', propertyId: property._id });
  await signIn(page, manager);
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('tab', { name: 'Delivery passes' }).click();
  const section = page.getByRole('region', { name: 'Delivery passes' });
  await section.getByLabel('Company (optional)').fill('Sheet Freight');
  await section.getByRole('button', { name: /create/i }).click();
  const pass = section.getByTestId('delivery-pass').filter({ hasText: 'Sheet Freight' });
  await pass.getByRole('button', { name: 'Share' }).click();
  const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
  expect(shared).toEqual([
    {
      title: 'Delivery pass',
      text: DELIVERY_MESSAGES.shareSentence('Sheet Freight'),
      url: expect.stringMatching(/\/delivery\/[A-Za-z0-9_-]+$/),
    },
  ]);
});
