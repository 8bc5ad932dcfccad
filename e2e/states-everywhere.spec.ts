import type { Page } from '@playwright/test';
import { PHONE } from './reader-support';
import { apiCall } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { chooseRowAction } from './support/row-menu';
import { createUser } from './support/seed';
import { gateWorld, relaySimulatorPerFile } from './visitors-support';

const simulator = relaySimulatorPerFile(test);
const DESKTOP = { width: 1280, height: 800 };
const shot = async (page: Page, name: string) => {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `test-results/states-everywhere/${name}-desktop.png` });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `test-results/states-everywhere/${name}-phone.png` });
};

test('a lockdown shows its banner on every screen of the property, for the manager and the resident', async ({
  browser,
  page,
  request,
  mailbox,
  superadmin,
  server,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const manager = await createUser(request, world.rootToken, mailbox, {
    role: 'admin',
    propertyId: world.property._id,
    firstName: 'Mona',
    lastName: 'Manager',
  });
  // The resident opens a gate before the lockdown: an event of the property, not of the manager.
  await apiCall(request, world.residentToken, 'POST', '/api/device/trigger-relay', {
    deviceId: world.deviceId,
    propertyId: world.property._id,
  });
  await apiCall(request, world.rootToken, 'POST', `/api/properties/${world.property._id}/lockdown`, {
    reason: 'Police request',
  });

  await signIn(page, manager);
  await page.goto('/dashboard');
  const banner = page.getByRole('alert').filter({ hasText: 'Lockdown in force since' });
  await expect(banner).toContainText('Police request');
  await expect(banner.getByRole('button', { name: 'End lockdown' })).toBeVisible();
  await shot(page, 'dashboard-manager');

  const residentContext = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE });
  const resident = await residentContext.newPage();
  await signIn(resident, world.resident);
  await resident.goto('/');
  const residentBanner = resident.getByRole('alert').filter({ hasText: 'Lockdown in force since' });
  await expect(residentBanner).toContainText('Police request');
  await expect(residentBanner.getByRole('button', { name: 'End lockdown' })).toHaveCount(0);
  await shot(resident, 'register-visitor-resident');
  // Access Gates keeps its own banner (with the gates), not a second one.
  await resident.goto('/access-gates');
  await expect(residentBanner).toHaveCount(1);
  await residentContext.close();

  await banner.getByRole('button', { name: 'End lockdown' }).click();
  await page.getByRole('dialog', { name: 'End lockdown' }).getByRole('button', { name: 'End lockdown' }).click();
  await expect(banner).toHaveCount(0);

  // The manager's bell: the lockdown's start and end in their own words, and the resident's opening.
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Notifications' }).click();
  const items = page.getByRole('dialog', { name: 'Recent Activities' }).getByTestId('notification-item');
  await expect(items.filter({ hasText: 'Lockdown ended: Police request' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'Lockdown started: Police request' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'User Access: Rita Resident accessed' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'attempted to access' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/states-everywhere/bell-manager-desktop.png' });
});

test('on a phone, going to another screen starts it at its top', async ({ page, request, mailbox, superadmin }) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const manager = await createUser(request, world.rootToken, mailbox, {
    role: 'admin',
    propertyId: world.property._id,
  });
  await page.setViewportSize(PHONE);
  await signIn(page, manager);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // A long screen scrolled 900 px down, as a phone does on a long list.
  await page.evaluate(() => {
    const spacer = document.createElement('div');
    spacer.style.height = '4000px';
    document.body.append(spacer);
    window.scrollTo(0, 900);
  });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Gate Logs' }).click();
  await expect(page).toHaveURL(/\/gate-logs$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('heading', { name: 'Gate Activity Logs' })).toBeInViewport();
  await shot(page, 'gate-logs-after-navigation');
});

test('Changes by a person who has not acted yet names them in Person acting', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const manager = await createUser(request, world.rootToken, mailbox, {
    role: 'admin',
    propertyId: world.property._id,
  });
  await signIn(page, manager);
  await page.goto('/dashboard');
  await chooseRowAction(page, 'Rita Resident', 'Changes by Rita Resident');
  await expect(page).toHaveURL(/\/activity\?/);
  await expect(page.getByRole('combobox', { name: 'Person acting' })).toHaveValue(/^Rita Resident( \(Resident\))?$/);
  await shot(page, 'changes-by');
});

test('Activity shows an access group change by gate names and the days whose hours changed', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const manager = await createUser(request, world.rootToken, mailbox, {
    role: 'admin',
    propertyId: world.property._id,
  });
  const schedule = (from: string) => ({ weekly: { mon: [{ from, to: '22:00' }] }, exceptions: [] });
  const body = { name: 'Pool', gateIds: [world.deviceId], memberIds: [], schedule: schedule('07:00') };
  const { group } = await apiCall<{ group: { _id: string } }>(
    request,
    world.rootToken,
    'POST',
    `/api/properties/${world.property._id}/access-groups`,
    body,
  );
  await apiCall(request, world.rootToken, 'PUT', `/api/access-groups/${group._id}`, {
    ...body,
    gateIds: [],
    schedule: schedule('08:00'),
  });
  await signIn(page, manager);
  await page.goto('/activity');
  const update = page.getByTestId('activity-row').filter({ hasText: "Updated access group 'Pool'" });
  await expect(update.getByTestId('change').filter({ hasText: 'Gates:' })).toContainText(world.deviceName);
  await expect(update.getByTestId('change').filter({ hasText: 'Schedule, Monday' })).toHaveText(
    'Schedule, Monday: 07:00–22:00 → 08:00–22:00',
  );
  await expect(update).not.toContainText(world.deviceId);
  const creation = page.getByTestId('activity-row').filter({ hasText: "Created access group 'Pool'" });
  await expect(creation.getByTestId('change').filter({ hasText: 'Schedule, Monday' })).toHaveText(
    'Schedule, Monday: 07:00–22:00',
  );
  await expect(page.getByTestId('activity-row').filter({ hasText: 'weekly' })).toHaveCount(0);
  await shot(page, 'activity-group-change');
});
