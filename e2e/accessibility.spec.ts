import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { apiCall } from './support/api';
import { type Credentials, expect, signIn, test } from './support/fixtures';
import { createUser, uniqueEmail } from './support/seed';
import {
  type GateWorld,
  gateWorld,
  qrTokenOf,
  relaySimulatorPerFile,
  scanAtGate,
  wallHoursFromNow,
} from './visitors-support';

// axe over every route as every role, at desktop and phone width, with data on screen and the
// menus, filters and dialogs that only appear on use opened: 0 moderate, serious or critical findings
// (one h1 per screen, no skipped heading levels, no second banner in dialogs).
const simulator = relaySimulatorPerFile(test);
// Dozens of pages at two widths per test: the roles share out over the workers, each worker
// building its own world in beforeAll, so this file is not the run's last minutes in one worker.
test.describe.configure({ mode: 'parallel' });
test.beforeEach(() => test.setTimeout(300_000));

type Visit = { path: string; ready: string | RegExp; open?: (page: Page) => Promise<void> };

async function findings(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((node) =>
        `${where}: ${v.id} (${v.impact}) ${node.target.join(' ')} ${process.env.AXE_DETAIL ? node.failureSummary : ''}`.trim(),
      ),
    );
}

/** Opens each route in a fresh browser context as `user` (or signed out), at both widths, and runs axe. */
async function audit(browser: Browser, baseURL: string, user: Credentials | null, visits: Visit[]) {
  const found: string[] = [];
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    if (user) await signIn(page, user);
    for (const visit of visits) {
      await page.goto(visit.path);
      await expect(page.getByRole('heading', { name: visit.ready }).first()).toBeVisible();
      await expect(page.getByText('Loading...')).toHaveCount(0);
      await visit.open?.(page);
      found.push(...(await findings(page, `${user?.role ?? 'anonymous'} ${viewport.width}px ${visit.path}`)));
    }
    if (user && viewport.width < 600) {
      await page.getByRole('button', { name: 'Toggle menu' }).click();
      found.push(...(await findings(page, `${user.role} phone menu open`)));
    }
    await context.close();
  }
  return found;
}

let world: GateWorld;
let admin: Credentials;
let visitorId: string;

test.beforeAll(async ({ request, mailbox, superadmin }) => {
  world = await gateWorld(request, mailbox, superadmin, simulator());
  admin = await createUser(request, world.rootToken, mailbox, { role: 'admin', propertyId: world.property._id });
  const email = uniqueEmail('axe-visitor');
  const start = wallHoursFromNow(-1);
  const end = wallHoursFromNow(5);
  const visitor = await apiCall<{ _id: string }>(request, world.residentToken, 'POST', '/api/visitor/register', {
    firstName: 'Vera',
    lastName: 'Visitor',
    email,
    qrType: 'betweenDates',
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
  });
  visitorId = visitor._id;
  const code = qrTokenOf(await mailbox.waitFor(email, (m) => /Hello Vera/.test(m.text ?? '')));
  await scanAtGate(request, world, code);
  await scanAtGate(request, world, 'not-a-real-code');
});

const openBell = async (page: Page) => {
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await expect(page.getByText('Recent Activities')).toBeVisible();
};

test('anonymous: every signed-out page', async ({ browser, baseURL }) => {
  const found = await audit(browser, baseURL!, null, [
    { path: '/login/Resident-Login', ready: 'Resident Login' },
    { path: '/login/Property-Manager-Login', ready: 'Property Manager Login' },
    { path: '/login/Super-Admin', ready: 'Super User Login' },
    { path: '/reset-password', ready: /password/i },
    { path: '/verify-email?_id=not-a-token', ready: /./ },
    { path: '/set-new-password/not-a-token', ready: /./ },
    { path: '/privacy-policy', ready: 'Privacy Policy' },
    { path: '/request-delete-user', ready: 'Request account deletion' },
    { path: '/no/such/page', ready: '404' },
  ]);
  expect(found).toEqual([]);
});

test('resident: register visitor, visitor list, gates, profile, bell', async ({ browser, baseURL }) => {
  const found = await audit(browser, baseURL!, world.resident, [
    { path: '/', ready: 'Register Visitor' },
    { path: '/visitor-list', ready: 'Visitor List' },
    { path: '/access-gates', ready: 'Gates' },
    { path: '/profile', ready: 'Profile Settings', open: openBell },
    { path: '/dashboard', ready: 'Register Visitor' },
  ]);
  expect(found).toEqual([]);
});

test('admin: residents, visitors, devices, registration, bulk upload, gates and logs', async ({ browser, baseURL }) => {
  const found = await audit(browser, baseURL!, admin, [
    { path: '/register-user', ready: 'Register Resident' },
    { path: '/dashboard?type=resident', ready: 'Admin Dashboard' },
    { path: '/dashboard?type=visitor', ready: 'Admin Dashboard' },
    { path: '/dashboard?type=device', ready: 'Admin Dashboard' },
    { path: '/', ready: 'Register Visitor' },
    { path: '/bulk-user-upload', ready: /Bulk/ },
    { path: '/access-gates', ready: 'Access Gates' },
    { path: '/gate-logs', ready: 'Gate Activity Logs', open: openBell },
    { path: '/profile', ready: 'Profile Settings' },
    { path: '/visitor-list', ready: '404' },
  ]);
  expect(found).toEqual([]);
});

test('superadmin: every table, form, filter and dialog', async ({ browser, baseURL, superadmin }) => {
  const chooseRole = async (page: Page) => {
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: /Resident/ }).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
  };
  const editFirstRow = async (page: Page) => {
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
  };
  const found = await audit(browser, baseURL!, { ...superadmin, role: 'superadmin' }, [
    { path: '/dashboard?type=resident', ready: 'Admin Dashboard', open: chooseRole },
    { path: '/dashboard?type=visitor', ready: 'Admin Dashboard', open: editFirstRow },
    { path: '/dashboard?type=property', ready: 'Admin Dashboard' },
    { path: '/dashboard?type=device', ready: 'Admin Dashboard' },
    { path: '/', ready: 'Register Visitor' },
    { path: '/register-user', ready: 'Register User' },
    { path: '/register-property', ready: /Register Property/ },
    { path: '/register-device', ready: /Register Device/ },
    { path: '/bulk-user-upload', ready: /Bulk/ },
    { path: '/gate-logs', ready: 'Gate Activity Logs' },
    { path: `/visitor/${visitorId}/qr-codes`, ready: 'QR Codes' },
    { path: '/profile', ready: 'Profile Settings' },
  ]);
  expect(found).toEqual([]);
});
