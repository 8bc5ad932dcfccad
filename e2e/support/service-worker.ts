import { type BrowserContext, expect, type Page, type Worker } from '@playwright/test';

/** Waits until the app's service worker is installed, active and controlling this page. */
export async function controlledBy(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/**
 * Hands `data` to the page's service worker as a push message, through Chromium's DevTools
 * protocol: the worker's own `push` handler runs, as when a push service delivers it.
 */
async function deliverPush(page: Page, data: string) {
  const origin = new URL(page.url()).origin;
  const cdp = await page.context().newCDPSession(page);
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL.startsWith(origin));
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registered, data });
  await cdp.detach();
}

/**
 * Hands `data` to the page's worker until a notification shows: about one push in twenty handed
 * over DevTools to an activated, controlling worker showed nothing (2 of 40 runs on a quiet
 * machine), and one handed over again did. That hop is the test's, not the app's.
 */
export async function deliverPushUntilShown(page: Page, data: string) {
  await expect(async () => {
    if ((await shownNotifications(page)).length === 0) await deliverPush(page, data);
    await expect.poll(() => shownNotifications(page), { timeout: 5_000 }).not.toHaveLength(0);
  }).toPass({ timeout: 30_000 });
}

/** Title, body and the screen a tap opens, of each notification the app's worker shows now. */
export const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body, n.data?.url]),
  );

/** The app's service worker, from inside which a test can act as the browser does. */
async function appWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/**
 * Taps the notification on screen, as far as a test can: the operating system's notification is
 * out of Playwright's reach, so the `notificationclick` event the browser would fire is fired on the
 * worker's global with the notification it shows. The worker's own handler then does what it does
 * on a real tap; only what needs a real user's tap (focusing, opening a new window) is refused.
 */
export async function tapNotification(context: BrowserContext) {
  const worker = await appWorker(context);
  await worker.evaluate(async () => {
    type Scope = {
      registration: { getNotifications(): Promise<unknown[]> };
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
    };
    const scope = globalThis as unknown as Scope;
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification is shown');
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
}

/**
 * From now on the worker's `clients.openWindow` records the address it is asked for. Chromium lets
 * only a real tap open a window and refuses a test's script-fired click, so a test reads where the
 * tap would have opened one instead. Returns the addresses asked for so far.
 */
export async function recordWindowsOpened(context: BrowserContext): Promise<() => Promise<string[]>> {
  const worker = await appWorker(context);
  type Scope = { opened: string[]; clients: { openWindow(url: string): Promise<null> } };
  await worker.evaluate(() => {
    const scope = globalThis as unknown as Scope;
    scope.opened = [];
    scope.clients.openWindow = async (url) => {
      scope.opened.push(url);
      return null;
    };
  });
  return () => worker.evaluate(() => (globalThis as unknown as Scope).opened);
}
