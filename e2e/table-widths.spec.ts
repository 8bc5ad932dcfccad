import type { Browser, Page } from '@playwright/test';
import { type DemoWorld, demoWorld } from './support/demo-world';
import { type Credentials, expect, signIn, test } from './support/fixtures';
import { shoot } from './support/screens';
import { createUser, uniqueEmail } from './support/seed';
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

/** Texts cut short at 1280 px: a cell with an ellipsis, a button wider than its place, a placeholder wider than its input. */
const clipped = (page: Page, selector: string) =>
  page.evaluate(
    (selector) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((element) => element.scrollWidth > element.clientWidth)
        .map((element) => element.textContent ?? ''),
    selector,
  );

test('at 1280 px the residents table shows short emails, Reveal and the PIN whole, with a row menu; gate log times and the Activity search too', async ({
  browser,
  baseURL,
  request,
  mailbox,
}) => {
  const sam = await createUser(request, world.rootToken, mailbox, {
    role: 'resident',
    propertyId: world.property._id,
    firstName: 'Sam',
    lastName: 'Maple',
    phoneNumber: '5550001111',
    email: uniqueEmail('sam'),
  });
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, world.admin);
  await page.goto('/dashboard?type=resident');
  const table = page.getByRole('table', { name: 'Users' });
  const samRow = table.getByRole('row').filter({ hasText: sam.email });
  await expect(samRow).toBeVisible();
  expect(await clipped(page, 'table[aria-label="Users"] td p')).not.toContain(sam.email);
  // Edit, Delete and More: the rest is in the row's menu.
  await expect(samRow.getByRole('button')).toHaveCount(4); // with Reveal in the PIN cell
  await expect(samRow.getByRole('button', { name: 'More actions for Sam Maple' })).toBeVisible();
  const pin = samRow.getByTestId('secure-pin');
  const reveal = pin.getByRole('button', { name: /^Reveal/ });
  // Reveal whole inside its cell, and Edit, Delete and the menu on one line inside theirs.
  const insideCell = (element: HTMLElement) => {
    const cell = element.closest('td') as HTMLElement;
    const room = cell.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(cell).paddingRight);
    return element.scrollWidth <= element.clientWidth && element.getBoundingClientRect().right <= room + 0.5;
  };
  expect(await reveal.evaluate(insideCell)).toBe(true);
  const actions = samRow.getByRole('button', { name: /^(Edit|Delete|More actions for) / });
  await expect(actions).toHaveCount(3);
  const tops = await actions.evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
  for (const action of await actions.all()) expect(await action.evaluate(insideCell)).toBe(true);
  const [mask, revealBox] = [await pin.getByTestId('pin-value').boundingBox(), await reveal.boundingBox()];
  expect(
    Math.abs((mask?.y ?? 0) + (mask?.height ?? 0) / 2 - ((revealBox?.y ?? 0) + (revealBox?.height ?? 0) / 2)),
  ).toBeLessThan(8);
  await samRow.getByRole('button', { name: 'More actions for Sam Maple' }).click();
  await expect(page.getByRole('menuitem', { name: 'Changes by Sam Maple' })).toBeVisible();
  await shoot(page, 'residents-row-menu', ['desktop']);
  await page.keyboard.press('Escape');

  await page.goto('/gate-logs');
  await expect(page.getByText('North Service Entrance Barrier').first()).toBeVisible();
  const times = page.getByRole('table').locator('tbody tr td:first-child p');
  expect(await times.count()).toBeGreaterThan(0);
  expect(await clipped(page, 'table tbody tr td:first-child p')).toEqual([]);

  await page.goto('/activity');
  const search = page.getByRole('textbox', { name: 'Search' });
  await expect(search).toBeVisible();
  const fits = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context2d = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    context2d.font = `${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return context2d.measureText(input.placeholder).width <= room;
  });
  expect(fits).toBe(true);
  await context.close();
});
