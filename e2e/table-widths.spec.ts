import type { Browser, Page } from '@playwright/test';
import { type DemoWorld, demoWorld } from './support/demo-world';
import { type Credentials, expect, signIn, test } from './support/fixtures';
import { relaySimulatorPerFile } from './visitors-support';

// On every list screen, at desktop and phone size, no table is wider than its
// place and the page never scrolls sideways, with demo-like long names, addresses and emails.
const simulator = relaySimulatorPerFile(test);
test.beforeEach(() => test.setTimeout(300_000));
let world: DemoWorld;
test.beforeAll(async ({ request, mailbox, superadmin }) => {
  world = await demoWorld(request, mailbox, superadmin, simulator());
});

/** `choose` runs before the screen is ready, e.g. picking the property a long list is filtered to. */
type Screen = {
  path: string;
  ready: string;
  choose?: (page: Page) => Promise<void>;
  act?: (page: Page) => Promise<void>;
};

/** What sticks out: the page's sideways overflow, and each table wider than its container. */
const overflows = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const table of document.querySelectorAll('table')) {
      const container = table.parentElement as HTMLElement;
      const right = table.getBoundingClientRect().right;
      if (container.scrollWidth > container.clientWidth || right > root.clientWidth)
        found.push(`${table.getAttribute('aria-label')} ${Math.round(table.scrollWidth)} in ${container.clientWidth}`);
    }
    return found;
  });

async function measure(browser: Browser, baseURL: string, user: Credentials, screens: Screen[]) {
  const found: string[] = [];
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    await signIn(page, user);
    for (const screen of screens) {
      await page.goto(screen.path);
      await screen.choose?.(page);
      await expect(page.getByText(screen.ready).filter({ visible: true }).first()).toBeVisible();
      await screen.act?.(page);
      found.push(...(await overflows(page)).map((what) => `${user.role} ${viewport.width}px ${screen.path}: ${what}`));
    }
    await context.close();
  }
  return found;
}

const addBulkRows = async (page: Page) => {
  await page.getByRole('button', { name: 'Add User' }).click();
  await page.getByRole('button', { name: 'Add User' }).click();
  await page.getByLabel('Email of row 1').fill('maximiliana.josephine.worthington-fairbanks@example.com');
  await page.getByLabel('Phone of row 2').fill('12');
};

const DEVICES: Screen = { path: '/dashboard?type=device', ready: 'North Service Entrance Barrier' };

/** A superadmin's device list is paged by property, and other tests' properties may fill its first page. */
const DEVICES_OF_ONE_PROPERTY: Screen = {
  ...DEVICES,
  choose: async (page) => {
    await page.getByRole('combobox', { name: 'Property', exact: true }).fill(world.property.propertyName);
    await page.getByRole('option', { name: world.property.propertyName }).click();
  },
};

/** The lists both kinds of administrator have. */
const SHARED: Screen[] = [
  { path: '/dashboard?type=resident', ready: 'Worthington-Fairbanks' },
  { path: '/dashboard?type=visitor', ready: 'Alexandrina' },
  { path: '/bulk-user-upload', ready: 'Bulk User Creation', act: addBulkRows },
  { path: '/gate-logs', ready: 'North Service Entrance Barrier' },
];

test('super administrator: users, visitors, properties, devices, cards, bulk rows, gate logs, QR codes', async ({
  browser,
  baseURL,
  superadmin,
}) => {
  const found = await measure(browser, baseURL!, { ...superadmin, role: 'superadmin' }, [
    ...SHARED,
    DEVICES_OF_ONE_PROPERTY,
    { path: '/dashboard?type=property', ready: 'Whispering Pines' },
    { path: `/visitor/${world.visitorId}/qr-codes`, ready: 'Alexandrina' },
  ]);
  expect(found).toEqual([]);
});

test('property manager: residents, visitors, devices, bulk rows and gate logs', async ({ browser, baseURL }) => {
  const found = await measure(browser, baseURL!, world.admin, [
    ...SHARED,
    DEVICES,
    { path: '/dashboard?type=delivery', ready: 'Worldwide Express' },
  ]);
  expect(found).toEqual([]);
});
