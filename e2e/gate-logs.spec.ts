import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { signIn } from './support/fixtures';
import { ELM, OAK, OAK_ADMIN, OAK_EVENTS_FEB_MAR, seedGateLogs, testWithSeededServer } from './support/seed-gate-log';

const test = testWithSeededServer(seedGateLogs);

async function openLogsAsAdmin(page: Page) {
  await signIn(page, OAK_ADMIN);
  await expect(page).toHaveURL(/\/register-user$/);
  await page.goto('/gate-logs');
  await expect(page.getByRole('heading', { name: 'Gate Activity Logs' })).toBeVisible();
}

async function setDates(page: Page, start: string, end: string) {
  for (const [label, value] of [
    ['Start Date', start],
    ['End Date', end],
  ]) {
    const input = page.getByLabel(label);
    await input.fill(value);
    await input.blur();
    await expect(input).toHaveValue(value);
  }
}

async function chooseAccessType(page: Page, name: 'All' | 'User' | 'Visitor') {
  await page.getByRole('combobox', { name: 'Access Type' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

const summary = (page: Page) => page.getByText(/ events? · Page \d+ of \d+$/);
const rows = (page: Page) => page.getByTestId('log-row');
const column = (page: Page, index: number) => rows(page).locator(`td:nth-child(${index + 1})`);
const names = (page: Page) => page.getByTestId('access-by-name');

test('an admin sees only their own property and filters by visitor, date range and QR code name', async ({ page }) => {
  await openLogsAsAdmin(page);
  await expect(page.getByRole('combobox', { name: 'Property' })).toHaveCount(0);
  await setDates(page, '2026-02-01', '2026-03-31');
  await expect(summary(page)).toHaveText(`${OAK_EVENTS_FEB_MAR} events · Page 1 of 7`);
  await expect(rows(page)).toHaveCount(10);
  await expect(column(page, 3)).toHaveText(Array(10).fill(`${OAK.propertyName} (${OAK.propertyLocation})`));

  await chooseAccessType(page, 'Visitor');
  await expect(summary(page)).toHaveText('2 events · Page 1 of 1');
  await expect(names(page)).toHaveText(['Priya Guest', 'Quentin Guest']);
  await rows(page).first().getByRole('button', { name: 'Show creator details' }).click();
  await expect(page.getByTestId('creator-details')).toHaveText('Created by Rita Resident (rita@example.com)');
  await rows(page).first().getByRole('button', { name: 'Hide creator details' }).click();
  await expect(page.getByTestId('creator-details')).toHaveCount(0);

  await setDates(page, '2026-03-09', '2026-03-09');
  await expect(summary(page)).toHaveText('1 event · Page 1 of 1');
  await expect(names(page)).toHaveText(['Quentin Guest']);

  await chooseAccessType(page, 'All');
  await setDates(page, '2026-02-01', '2026-03-31');
  await page.getByLabel('Search').fill('QUENTIN');
  await expect(summary(page)).toHaveText('1 event · Page 1 of 1');
  await expect(names(page)).toHaveText(['Quentin Guest']);

  await page.getByLabel('Search').fill('nobody by that name');
  await expect(page.getByText('No logs found for the selected criteria')).toBeVisible();
});

test('switching EST and UTC shifts the times by 5 hours before the DST change and 4 after', async ({ page }) => {
  await openLogsAsAdmin(page);
  await setDates(page, '2026-03-06', '2026-03-10');
  const eastern = ['2026-03-10 08:00:00 EDT', '2026-03-09 11:00:00 EDT', '2026-03-07 10:00:00 EST'];
  const utc = ['2026-03-10 12:00:00 UTC', '2026-03-09 15:00:00 UTC', '2026-03-07 15:00:00 UTC'];
  await expect(column(page, 0)).toHaveText(eastern);
  await expect(column(page, 4)).toHaveText(['FAILED', 'SUCCESS', 'PARTIAL']);

  await page.getByText('UTC', { exact: true }).click();
  await expect(column(page, 0)).toHaveText(utc);
  const hoursApart = eastern.map(
    (text, i) => (Date.parse(`${utc[i].slice(0, 19)}Z`) - Date.parse(`${text.slice(0, 19)}Z`)) / 3_600_000,
  );
  expect(hoursApart).toEqual([4, 4, 5]);

  await page.getByText('EST', { exact: true }).click();
  await expect(column(page, 0)).toHaveText(eastern);
});

test('the page buttons show a window of at most 5 numbers', async ({ page }) => {
  const logRequests: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/relay-logs/property/')) logRequests.push(url);
  });
  await openLogsAsAdmin(page);
  await setDates(page, '2026-02-01', '2026-03-31');
  const pages = page.getByRole('navigation', { name: 'Log pages' }).getByRole('button', { name: /^Page \d+$/ });
  await expect(pages).toHaveText(['1', '2', '3', '4', '5']);
  await page.getByRole('button', { name: 'Page 5' }).click();
  await expect(summary(page)).toHaveText(`${OAK_EVENTS_FEB_MAR} events · Page 5 of 7`);
  await expect(pages).toHaveText(['3', '4', '5', '6', '7']);
  await expect(page.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
  // Two presses of Next while page 6 is still loading go two pages on, like two presses after it loaded.
  let answerHeld = () => {};
  const held = new Promise<void>((resolve) => {
    answerHeld = resolve;
  });
  await page.route('**/api/relay-logs/property/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Next' }).click();
  answerHeld();
  await expect(summary(page)).toHaveText(`${OAK_EVENTS_FEB_MAR} events · Page 7 of 7`);
  await expect(pages).toHaveText(['3', '4', '5', '6', '7']);
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  expect(logRequests.length).toBeGreaterThan(0);
  for (const url of logRequests) expect(url.searchParams.get('limit'), url.search).toBe('10');
});

/** Fields of a CSV line; quoted fields may hold commas and doubled quotes. */
function csvFields(line: string): string[] {
  return [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
    .filter((match) => match.index! < line.length || match[1] !== '')
    .map((match) => match[1].replace(/^"|"$/g, '').replaceAll('""', '"'));
}

async function exportCsv(page: Page): Promise<string[][]> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  const text = fs.readFileSync((await download.path())!, 'utf8');
  return text.trim().split('\r\n').map(csvFields);
}

test('the CSV export holds the whole filter with the same columns and time zone as the table', async ({ page }) => {
  await openLogsAsAdmin(page);
  await setDates(page, '2026-02-01', '2026-03-31');
  await expect(summary(page)).toHaveText(`${OAK_EVENTS_FEB_MAR} events · Page 1 of 7`);
  const [header, ...lines] = await exportCsv(page);
  expect(header.slice(0, 7)).toEqual([
    'Date & Time',
    'Access By',
    'Device',
    'Property',
    'Status',
    'Operations',
    'Duration (ms)',
  ]);
  expect(lines).toHaveLength(OAK_EVENTS_FEB_MAR);

  const table = [];
  for (const row of await rows(page).all()) {
    const cells = await row.locator('td').allInnerTexts();
    const name = await row.getByTestId('access-by-name').innerText();
    // The Status cell may add the reason and the Operations cell a 'Show details' toggle: compare the badge and the words.
    const status = await row.locator('td').nth(4).locator('.mantine-Badge-label').innerText();
    const operations = await row.getByTestId('operation-words').innerText();
    table.push([cells[0], name, cells[2], cells[3], status, operations, cells[6]].map((cell) => cell.trim()));
  }
  expect(lines.slice(0, 10).map((line) => line.slice(0, 7))).toEqual(table);

  await page.getByText('UTC', { exact: true }).click();
  await expect(column(page, 0).first()).toHaveText(/UTC$/);
  const [, firstUtc] = await exportCsv(page);
  expect(firstUtc[0]).toBe(await column(page, 0).first().innerText());
});

test('a superadmin sees All Properties by default and can choose one property', async ({ page, seededServer }) => {
  await signIn(page, { ...seededServer.superadmin, role: 'superadmin' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/gate-logs');
  const property = page.getByRole('combobox', { name: 'Property' });
  await expect(property).toHaveValue('All Properties');
  await setDates(page, '2026-02-01', '2026-03-31');
  await expect(summary(page)).toHaveText(`${OAK_EVENTS_FEB_MAR + 2} events · Page 1 of 7`);

  await property.click();
  await page.getByRole('option', { name: `${ELM.propertyName} (${ELM.propertyLocation})` }).click();
  await expect(summary(page)).toHaveText('2 events · Page 1 of 1');
  await expect(column(page, 3)).toHaveText(Array(2).fill(`${ELM.propertyName} (${ELM.propertyLocation})`));
  await expect(names(page)).toHaveText(['Quentin Guest', 'Elmer Lovelace']);
});
