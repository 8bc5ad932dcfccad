import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as apiRequest, type Page } from '@playwright/test';
import { FULL_CHROMIUM } from '../playwright.config';
import { spawnGatehouse, TEST_SUPERADMIN } from '../test/support/gatehouse-process';
import {
  axeFindings,
  browserFilming,
  openPairedReader,
  PHONE,
  registerPass,
  snapshot,
  TABLET,
  wedgeScan,
} from './reader-support';
import { apiCall, apiToken } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { createProperty, createUser, unique } from './support/seed';
import { decodeQr, gateWorld, relaySimulatorPerFile } from './visitors-support';

// The gate reader page against the real server, real SMTP and the relay simulator;
// the camera is Chromium's fake capture device playing the QR image the visitor was emailed.
// The full browser: the kiosk goes full screen, and the headless shell then refuses to resize it.
test.use({ launchOptions: FULL_CHROMIUM });
const simulator = relaySimulatorPerFile(test);
const OFFLINE = 'Offline — ask the resident to open the gate from their phone';
const result = (page: Page) => page.getByRole('status');

/** Screenshots of the state on screen at tablet and phone size, then axe on it. */
async function review(page: Page, name: string) {
  for (const [size, viewport] of [
    ['tablet', TABLET],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await snapshot(page, `${name}-${size}`);
  }
  await page.setViewportSize(TABLET);
  expect(await axeFindings(page), `axe on ${name}`).toEqual([]);
}

test('a pass filmed by the camera opens the gate once and welcomes the visitor by name', async ({
  request,
  mailbox,
  superadmin,
  server,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const pass = await registerPass(request, mailbox, world, 'Cora');
  const camera = await browserFilming(pass);
  try {
    const page = await openPairedReader(camera.browser, server.baseURL, world.deviceKey);
    await expect(result(page)).toHaveText(/Welcome, Cora/);
    await review(page, 'granted');
    expect(new URL(page.url()).hash).toBe('');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Main Gate/);
    await expect(page.getByText(world.property.propertyName)).toBeVisible();

    // The code stays in front of the camera: it is not decided again.
    await expect(result(page)).toHaveCount(0, { timeout: 6000 });
    await page.waitForTimeout(4000);
    expect(await world.relay.pulses()).toHaveLength(1);
    await review(page, 'scanning');

    // Still paired after a reload, without the key in the address.
    await page.goto('/reader');
    await expect(page.getByText(world.property.propertyName)).toBeVisible();
  } finally {
    await camera.close();
  }
});

test('an expired pass shows its reason in words and opens nothing', async ({
  request,
  mailbox,
  superadmin,
  server,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const pass = await registerPass(request, mailbox, world, 'Ezra');
  await apiCall(request, world.residentToken, 'POST', '/api/visitor/expire-qrcode', { qrCodeId: pass.qrCodeId });
  const camera = await browserFilming(pass);
  try {
    const page = await openPairedReader(camera.browser, server.baseURL, world.deviceKey);
    await expect(result(page)).toHaveText('This pass has expired');
    await review(page, 'refused');
    await page.waitForTimeout(1000);
    expect(await world.relay.pulses()).toHaveLength(0);
  } finally {
    await camera.close();
  }
});

test('a keyboard-wedge scanner typing the code then Enter opens; a rotated key unpairs the reader', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const pass = await registerPass(request, mailbox, world, 'Wanda');
  await page.setViewportSize(TABLET);
  await page.goto(`/reader#key=${world.deviceKey}`);
  await expect(page.getByText(world.property.propertyName)).toBeVisible();
  // Kiosk habits: no pointer on screen, and an installable app manifest that starts here.
  expect(await page.locator('main').evaluate((main) => getComputedStyle(main).cursor)).toBe('none');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ start_url: '/reader', display: 'fullscreen' });

  await wedgeScan(page, pass.token);
  await expect(result(page)).toHaveText(/Welcome, Wanda/);
  await expect.poll(async () => (await world.relay.pulses()).length).toBe(1);

  // Typing by hand (slowly) is not a scan.
  await expect(result(page)).toHaveCount(0, { timeout: 6000 });
  await page.keyboard.type('not-a-scan-typed-slowly', { delay: 250 });
  await page.keyboard.press('Enter');
  await page.waitForTimeout(500);
  await expect(result(page)).toHaveCount(0);

  await apiCall(request, world.rootToken, 'POST', `/api/device/${world.deviceId}/rotate-key`);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'This reader is not paired' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(/rotated or deleted/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await review(page, 'unpaired');
  expect(await world.relay.pulses()).toHaveLength(1);
});

test('at a property with RFID a USB card reader opens the gate for an enrolled card; the manager sees its last use', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator(), ['rfid']);
  // Enrolled as printed on the fob (facility 123, card 45678) ...
  await apiCall(request, world.rootToken, 'POST', '/api/cards', {
    userId: world.resident.id,
    number: '123:45678',
    label: 'blue fob',
  });
  await page.setViewportSize(TABLET);
  await page.goto(`/reader#key=${world.deviceKey}`);
  // The camera may not start on a busy machine; either way the screen invites a card.
  await expect(page.getByText(/or hold your card to the reader|or your card$/)).toBeVisible();

  // ... and read by a keyboard-wedge reader that types the 24-bit number, then Enter.
  await wedgeScan(page, String(123 * 65536 + 45678));
  await expect(result(page)).toHaveText(/Welcome, Rita/);
  await expect.poll(async () => (await world.relay.pulses()).length).toBe(1);
  await review(page, 'card-granted');

  await expect(result(page)).toHaveCount(0, { timeout: 6000 });
  await wedgeScan(page, '99:99999');
  await expect(result(page)).toHaveText('Card not recognised');
  await page.waitForTimeout(500);
  expect(await world.relay.pulses()).toHaveLength(1);

  const manager = await createUser(request, world.rootToken, mailbox, {
    role: 'admin',
    propertyId: world.property._id,
  });
  await signIn(page, manager);
  await page.goto('/dashboard?type=card');
  const row = page.getByRole('table', { name: 'Cards' }).getByRole('row').filter({ hasText: 'blue fob' });
  await expect(row).toContainText('Just now');

  // Gate Activity Logs say how the gate was asked: both taps, the accepted and the unknown card.
  await page.goto('/gate-logs');
  await expect(page.getByTestId('log-credential')).toHaveText(['By Card', 'By Card']);
  await review(page, 'card-gate-logs');
});

test('the keypad opens for the resident PIN, and shows the lockout with its countdown', async ({
  page,
  request,
  mailbox,
  superadmin,
  server,
}) => {
  test.setTimeout(120_000);
  const world = await gateWorld(request, mailbox, superadmin, simulator(), ['securepin']);
  const profile = await apiCall<{ securePin: string }>(
    request,
    world.residentToken,
    'GET',
    `/api/resident/get-by-id/${world.resident.id}`,
  );
  await page.setViewportSize(TABLET);
  await page.goto(`${server.baseURL}/reader#key=${world.deviceKey}`);
  const keypad = page.getByRole('region', { name: 'Keypad' });
  await expect(keypad).toBeVisible();
  await review(page, 'keypad');
  const enter = async (pin: string) => {
    await expect(keypad.getByRole('button', { name: '0', exact: true })).toBeEnabled({ timeout: 8000 });
    for (const digit of pin) await keypad.getByRole('button', { name: digit, exact: true }).click();
  };
  await enter(profile.securePin.slice(0, 3));
  await expect(keypad.getByRole('img', { name: '3 of 6 digits entered' })).toBeVisible();
  await keypad.getByRole('button', { name: 'Clear' }).click();
  await enter(profile.securePin);
  await expect(result(page)).toHaveText(/Welcome, Rita/);
  await expect.poll(async () => (await world.relay.pulses()).length).toBe(1);

  const wrong = profile.securePin === '000000' ? '111111' : '000000';
  const lockout = keypad.getByRole('alert');
  for (let attempt = 0; attempt < 7 && !(await lockout.isVisible()); attempt++) {
    await enter(wrong);
    await expect(result(page)).toHaveText(/^(Wrong PIN|Too many wrong PINs)/);
  }
  await expect(lockout).toHaveText(/^Too many wrong PINs\. This keypad is locked: try again in [0-5]:\d\d\.$/);
  await expect(result(page)).toHaveCount(0, { timeout: 6000 });
  await expect(keypad.getByRole('button', { name: '1', exact: true })).toBeDisabled();
  await review(page, 'keypad-locked');
  expect(await world.relay.pulses()).toHaveLength(1);
});

test('offline the reader says so and grants nothing; it recovers by itself when the server is back', async ({
  page,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-reader-outage-'));
  let own = await spawnGatehouse({ dataDir, env: { SMTP_URL: mailbox.url } });
  const request = await apiRequest.newContext({ baseURL: own.baseURL });
  try {
    const world = await gateWorld(request, mailbox, { ...TEST_SUPERADMIN, role: 'superadmin' }, simulator());
    const pass = await registerPass(request, mailbox, world, 'Olive');
    await page.setViewportSize(TABLET);
    await page.goto(`${own.baseURL}/reader#key=${world.deviceKey}`);
    await expect(page.getByText(world.property.propertyName)).toBeVisible();

    // The network gone (navigator.onLine false): Offline at once, and back when it returns.
    await page.context().setOffline(true);
    await expect(page.getByRole('alert')).toContainText(OFFLINE);
    await page.context().setOffline(false);
    await expect(page.getByRole('alert')).toHaveCount(0);

    // A server that takes the request and never answers (its process paused): after 5 s the
    // reader gives up and says Offline, and comes back when the server answers again.
    own.child.kill('SIGSTOP');
    await wedgeScan(page, pass.token);
    await expect(page.getByRole('alert')).toContainText(OFFLINE, { timeout: 8000 });
    await expect(page.getByText(/Welcome/)).toHaveCount(0);
    own.child.kill('SIGCONT');
    await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByText(/Welcome/)).toHaveCount(0);
    // The resumed server decides the scan the reader gave up on as late: refused, logged, no pulse.
    await expect
      .poll(async () => {
        const logs = await apiCall<{ logs: { reason: string | null }[] }>(
          request,
          world.rootToken,
          'GET',
          `/api/relay-logs/property/${world.property._id}?timezone=UTC`,
        );
        return logs.logs.map((log) => log.reason);
      })
      .toContain('The reader had stopped waiting, so nothing was opened.');
    expect(await world.relay.pulses()).toHaveLength(0);

    await own.stop();
    await page.waitForTimeout(3500);
    await wedgeScan(page, pass.token);
    await expect(page.getByRole('alert')).toContainText(OFFLINE);
    await expect(page.getByText(/Welcome/)).toHaveCount(0);
    await review(page, 'offline');

    own = await spawnGatehouse({
      dataDir,
      env: { SMTP_URL: mailbox.url, PORT: String(own.port), APP_URL: own.baseURL },
    });
    await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 20_000 });
    expect(await world.relay.pulses()).toHaveLength(0);
    await wedgeScan(page, pass.token);
    await expect(result(page)).toHaveText(/Welcome, Olive/);
    await expect.poll(async () => (await world.relay.pulses()).length).toBe(1);
  } finally {
    await request.dispose();
    await own.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('registering a device shows a pairing QR code whose link pairs the reader', async ({
  page,
  request,
  superadmin,
  baseURL,
}) => {
  const rootToken = await apiToken(request, superadmin);
  const property = await createProperty(request, rootToken);
  const relay = await simulator().addDevice();
  const gateName = unique('Pairing Gate');
  await signIn(page, superadmin);
  await page.goto('/register-device');
  await page.getByLabel('Device Name').fill(gateName);
  await page.getByRole('textbox', { name: 'IP Address' }).fill(relay.address);
  await page.getByRole('combobox', { name: 'Property' }).click();
  await page.getByRole('option', { name: new RegExp(property.propertyName) }).click();
  await page.getByRole('button', { name: 'Register Device' }).click();
  const key = await page.getByTestId('device-key').textContent();
  const qr = page.getByRole('img', { name: `Pairing QR code for ${gateName}` });
  await expect(qr).toBeVisible();
  for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
    await page.setViewportSize(viewport);
    await snapshot(page, `register-device-pairing-${viewport.width}`);
  }
  expect(await axeFindings(page)).toEqual([]);

  const link = decodeQr(Buffer.from((await qr.getAttribute('src'))!.split(',')[1], 'base64'));
  expect(link).toBe(`${baseURL}/reader#key=${key}`);
  const reader = await page.context().newPage();
  await reader.goto(link);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(gateName);
  await expect(reader.getByText(property.propertyName)).toBeVisible();
  expect(reader.url()).toBe(`${baseURL}/reader`);
});

test('a new reader key from the device list unpairs the old reader and its pairing QR pairs a new one', async ({
  page,
  request,
  mailbox,
  superadmin,
  baseURL,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const oldReader = await page.context().newPage();
  await oldReader.goto(`/reader#key=${world.deviceKey}`);
  await expect(oldReader.getByText(world.property.propertyName)).toBeVisible();

  await signIn(page, superadmin);
  await page.goto('/dashboard?type=device');
  await page.getByRole('combobox', { name: 'Property' }).fill(world.property.propertyName);
  await page.getByRole('option', { name: new RegExp(world.property.propertyName) }).click();
  const gateName = world.deviceName;
  await page.getByRole('button', { name: new RegExp(`^New reader key for ${gateName}`) }).click();
  const dialog = page.getByRole('dialog', { name: `New reader key for ${gateName}` });
  await dialog.getByRole('button', { name: 'Replace key' }).click();
  const key = await dialog.getByTestId('new-device-key').textContent();
  const qr = dialog.getByRole('img', { name: `Pairing QR code for ${gateName}` });
  await expect(qr).toBeVisible();
  await page.mouse.move(0, 0);
  expect(await axeFindings(page)).toEqual([]);
  await snapshot(page, 'new-reader-key');

  const link = decodeQr(Buffer.from((await qr.getAttribute('src'))!.split(',')[1], 'base64'));
  expect(link).toBe(`${baseURL}/reader#key=${key}`);
  await oldReader.reload();
  await expect(oldReader.getByRole('heading', { name: 'This reader is not paired' })).toBeVisible();
  const newReader = await page.context().newPage();
  await newReader.goto(link);
  await expect(newReader.getByText(world.property.propertyName)).toBeVisible();
});
