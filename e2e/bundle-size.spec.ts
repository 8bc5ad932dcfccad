import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { budgetOf, LOGIN_PAGE, READER_DECODER_BUDGET_BYTES, START_PAGE } from '../tools/bundle-size/budgets';
import { readManifest, routeBundles } from '../tools/bundle-size/route-bundles';
import { expect, test } from './support/fixtures';

// The build `npm run test:e2e` just made, which the server under test serves.
const DIST = path.resolve('dist/web');
const bundles = () => routeBundles(DIST);
const read = (file: string) => fs.readFileSync(path.join(DIST, file), 'utf8');

test("each route fits its first-load budget: login and the app's start screen 150 kB, any other route 250 kB (JS + CSS, gzip)", () => {
  const over = bundles()
    .filter((route) => route.gzipBytes > budgetOf(route.page))
    .map((route) => `${route.page}: ${(route.gzipBytes / 1000).toFixed(1)} kB > ${budgetOf(route.page) / 1000} kB`);
  expect(over).toEqual([]);
  expect(bundles().length).toBeGreaterThanOrEqual(18);
});

test("the installed app starts on the screen held to the login page's budget", () => {
  const manifest = JSON.parse(read('manifest.webmanifest'));
  expect(new URL(manifest.start_url, 'https://gatehouse.test').pathname).toBe('/access-gates');
  expect(budgetOf(START_PAGE)).toBe(budgetOf(LOGIN_PAGE));
  expect(bundles().map((route) => route.page)).toContain(START_PAGE);
});

test('the gate reader loads its QR decoder only on demand, within its budget (gzip)', () => {
  const manifest = readManifest(DIST);
  const decoder = manifest['features/reader/barcode-polyfill.ts'];
  const files = [decoder.file, ...(decoder.assets ?? [])];
  expect(files.some((file) => file.endsWith('.wasm'))).toBe(true);
  const reader = bundles().find((route) => route.page === 'features/reader/reader-page.tsx');
  expect(reader?.files).not.toContain(decoder.file);
  const gzip = files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(DIST, file))).length, 0);
  expect(gzip).toBeLessThanOrEqual(READER_DECODER_BUDGET_BYTES);
});

test('the CSS a route loads styles every Mantine class its JS uses', () => {
  const unstyled = bundles().flatMap((route) => {
    const js = route.files
      .filter((file) => file.endsWith('.js'))
      .map(read)
      .join('\n');
    const css = route.files
      .filter((file) => file.endsWith('.css'))
      .map(read)
      .join('\n');
    const used = new Set(js.match(/\bm_[0-9a-f]{6,8}\b/g) ?? []);
    return [...used].filter((name) => !css.includes(name)).map((name) => `${route.page}: ${name}`);
  });
  expect(unstyled).toEqual([]);
});

test('the login route downloads only what its budget counts', async ({ page }) => {
  const fetched: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (/\.(js|css)$/.test(pathname)) fetched.push(pathname.slice(1));
  });
  await page.goto('/login/Resident-Login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const counted = bundles().find((route) => route.page === LOGIN_PAGE)!.files;
  expect(fetched.length).toBeGreaterThan(1);
  expect(fetched.filter((file) => !counted.includes(file))).toEqual([]);
});

test('a screen whose code cannot be downloaded says so and offers a reload that works', async ({ page }) => {
  let offline = true;
  await page.route(/\/assets\/privacy-policy-page-[^/]+\.js$/, (route) => (offline ? route.abort() : route.continue()));
  await page.goto('/privacy-policy');
  await expect(page.getByRole('alert')).toContainText('This page could not be loaded.');
  await expect(page.getByRole('link', { name: 'Request Account Deletion' })).toBeVisible();
  offline = false;
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
});
