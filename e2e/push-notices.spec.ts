import type { APIRequestContext, Page } from '@playwright/test';
import { PUSH_MESSAGES } from '../core/api/push-messages';
import { FULL_CHROMIUM } from '../playwright.config';
import { PushService } from '../test/support/push-service';
import { browserFilming, openPairedReader, registerPass } from './reader-support';
import { apiCall, apiToken } from './support/api';
import { type Credentials, expect, signIn, test } from './support/fixtures';
import { PHONE } from './support/screens';
import { createUser } from './support/seed';
import { controlledBy, deliverPushUntilShown, shownNotifications, tapNotification } from './support/service-worker';
import { gateWorld, relaySimulatorPerFile } from './visitors-support';

// Web Push from the event to the screen a tap opens. The server sends to a real push service
// (`web-push-testing`, which checks the VAPID signature and decrypts as a browser vendor's does);
// Chromium offline cannot subscribe at a real push service, so the message that service decrypted
// is handed to the app's service worker through the DevTools protocol, byte for byte.
// Notifications are shown by the full browser only.
test.use({ serviceWorkers: 'allow', viewport: PHONE, launchOptions: FULL_CHROMIUM });

const simulator = relaySimulatorPerFile(test);
let pushService: PushService;
test.beforeAll(async () => {
  pushService = await PushService.start();
});
test.afterAll(async () => {
  await pushService?.stop();
});

/** A device of this person subscribed at the push service, handed to Gatehouse through the app's own route. */
async function subscribeDevice(request: APIRequestContext, token: string) {
  const { publicKey } = await apiCall<{ publicKey: string }>(request, token, 'GET', '/api/push/public-key');
  const subscription = await pushService.subscribe(publicKey);
  await apiCall(request, token, 'POST', '/api/push/subscriptions', {
    endpoint: subscription.endpoint,
    expirationTime: null,
    keys: subscription.keys,
  });
  return subscription.clientHash;
}

/** The first message the push service decrypted for this device, and when it was first seen there. */
async function firstPush(clientHash: string): Promise<{ message: string; at: number }> {
  let message: string | undefined;
  await expect
    .poll(async () => ([message] = await pushService.messages(clientHash)), { timeout: 15_000, intervals: [50] })
    .toHaveLength(1);
  return { message: message as string, at: Date.now() };
}

/** The person's phone, signed in, the app's worker controlling it, notifications allowed. */
async function phoneOf(page: Page, person: Credentials, baseURL: string) {
  await page.context().grantPermissions(['notifications'], { origin: baseURL });
  await signIn(page, person);
  await controlledBy(page);
  await page.goto('/profile');
}

/** The message arrives on the phone: its notification shows, and a tap opens `screen` on that phone. */
async function tapOpens(page: Page, message: string, notice: { body: string; url: string }, screen: RegExp) {
  expect(JSON.parse(message)).toEqual(notice);
  await deliverPushUntilShown(page, message);
  await expect.poll(() => shownNotifications(page)).toEqual([['Gatehouse', notice.body, notice.url]]);
  await tapNotification(page.context());
  await expect(page).toHaveURL((url) => url.pathname === notice.url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen);
  await expect.poll(() => shownNotifications(page)).toEqual([]);
}

test('a visitor’s QR scanned at the reader tells the resident’s phone, whose tap opens the visitor list', async ({
  page,
  request,
  mailbox,
  superadmin,
  server,
}) => {
  test.setTimeout(90_000);
  const world = await gateWorld(request, mailbox, superadmin, simulator(), [], 'Main Gate');
  const device = await subscribeDevice(request, world.residentToken);
  const pass = await registerPass(request, mailbox, world, 'Ana');
  await apiCall(request, world.residentToken, 'PUT', `/api/visitor/visitors-qr/${pass.visitorId}/qr-notification`, {
    _id: pass.qrCodeId,
    qrNotification: true,
  });
  await phoneOf(page, world.resident, server.baseURL);

  const camera = await browserFilming(pass);
  try {
    const arrived = firstPush(device);
    const reader = await openPairedReader(camera.browser, server.baseURL, world.deviceKey);
    await expect(reader.getByRole('status')).toHaveText(/Welcome, Ana/);
    const { message, at } = await arrived;
    // When the reader sent the scanned code, on the same clock as Date.now() (one machine).
    const scannedAt = await reader.evaluate(() => {
      const sent = performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname === '/api/access/qr');
      return sent ? performance.timeOrigin + sent.startTime : Number.NaN;
    });
    console.info(`scan at the reader to push decrypted at the push service: ${Math.round(at - scannedAt)} ms`);
    await tapOpens(
      page,
      message,
      { body: PUSH_MESSAGES.visitorArrived('Ana', 'Main Gate'), url: '/visitor-list' },
      /Visitor List/,
    );
    expect(PUSH_MESSAGES.visitorArrived('Ana', 'Main Gate')).toBe('Your visitor Ana arrived at Main Gate');
  } finally {
    await camera.close();
  }
});

test('a keypad locked by wrong PINs tells the manager’s phone, whose tap opens the gate logs', async ({
  page,
  request,
  mailbox,
  superadmin,
  server,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator(), ['securepin'], 'Side Gate');
  const manager = await createUser(request, world.rootToken, mailbox, {
    role: 'admin',
    propertyId: world.property._id,
  });
  const device = await subscribeDevice(request, await apiToken(request, manager));
  await phoneOf(page, manager, server.baseURL);

  const { securePin } = await apiCall<{ securePin: string }>(
    request,
    world.residentToken,
    'GET',
    `/api/resident/get-by-id/${world.resident.id}`,
  );
  const wrong = securePin === '000000' ? '111111' : '000000';
  for (let attempt = 0; attempt < 5; attempt++) {
    await request.post('/api/access/pin', {
      data: { pin: wrong },
      headers: { authorization: `Bearer ${world.deviceKey}` },
    });
  }
  const { message } = await firstPush(device);
  await tapOpens(
    page,
    message,
    { body: PUSH_MESSAGES.keypadLocked('Side Gate', world.property.propertyName), url: '/gate-logs' },
    /Gate Activity Logs/,
  );
});
