import type { APIRequestContext, Page } from '@playwright/test';
import { readableTime } from '../core/time/readable-time';
import { addDays, wallToInstant } from '../core/time/zoned-time';
import { PHONE } from './reader-support';
import { apiCall } from './support/api';
import { moderateOrWorseFindings } from './support/axe';
import { type Credentials, expect, signIn, submitSignIn, test } from './support/fixtures';
import type { Mailbox } from './support/mailbox';
import { createUser } from './support/seed';
import { type GateWorld, gateWorld, relaySimulatorPerFile, wallDaysFromNow, ZONE } from './visitors-support';

// Access dates and suspension, shown where people look (issue 41.6): the sign-in says when access
// starts, the Users table marks dates to come, Suspend asks first, and a resident signed out by a
// suspension reads why.
const simulator = relaySimulatorPerFile(test);
const DESKTOP = { width: 1280, height: 800 };

/** Screenshots of the page as it is, at 1280x800 and 390x844, under test-results/access-dates/. */
async function shootBoth(page: Page, name: string) {
  const before = page.viewportSize();
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `test-results/access-dates/${name}-${size}.png`, fullPage: true });
    expect(await moderateOrWorseFindings(page), `axe on ${name} (${size})`).toEqual([]);
  }
  if (before) await page.setViewportSize(before);
}

/** A gate world (a property, its gate and resident Rita Resident) and a manager of the property. */
async function worldWithManager(request: APIRequestContext, mailbox: Mailbox, superadmin: Credentials) {
  const world = await gateWorld(request, mailbox, superadmin, simulator(), ['qr']);
  const manager = await createUser(request, world.rootToken, mailbox, {
    role: 'admin',
    propertyId: world.property._id,
  });
  return { world, manager };
}

const residentEdit = (request: APIRequestContext, world: GateWorld, change: object) =>
  apiCall(request, world.rootToken, 'POST', '/api/resident/update', {
    _id: world.resident.id,
    firstName: 'Rita',
    lastName: 'Resident',
    email: world.resident.email,
    ...change,
  });

test('a resident whose access starts later is told when at sign-in, and the Users table shows when it starts', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { world, manager } = await worldWithManager(request, mailbox, superadmin);
  const starts = addDays(wallDaysFromNow(0).date, 3);
  await residentEdit(request, world, { accessFrom: starts });

  await page.goto('/login/Resident-Login');
  await submitSignIn(page, world.resident);
  await expect(page.getByRole('alert')).toHaveText(
    `Your access at ${world.property.propertyName} starts on ${readableTime(wallToInstant(starts, '00:00', ZONE), ZONE)}. Please contact your property manager if you need it sooner.`,
  );
  await shootBoth(page, 'sign-in-before-access-starts');

  await signIn(page, manager);
  await page.goto('/dashboard');
  const row = page.getByRole('row').filter({ hasText: world.resident.email });
  const [, month, day] = starts.split('-').map(Number);
  const shortDate = new Date(Date.UTC(2000, month - 1, day)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
  });
  await expect(row.getByText(`Starts ${shortDate}`)).toBeVisible();
  await shootBoth(page, 'users-access-starts');
});

test('Suspend asks first, with the reason, and Cancel leaves the person as they were', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { world, manager } = await worldWithManager(request, mailbox, superadmin);
  await signIn(page, manager);
  await page.goto('/dashboard');
  const row = page.getByRole('row').filter({ hasText: world.resident.email });
  await row.getByRole('button', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit User' });
  await editDialog.getByRole('button', { name: 'Suspend access…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Suspend Rita Resident?' });
  await expect(confirm.getByText('They are signed out at once')).toBeVisible();
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(confirm.getByText('Say why this person is suspended')).toBeVisible();
  await shootBoth(page, 'suspend-confirmation');

  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(editDialog.getByRole('button', { name: 'Suspend access…' })).toBeVisible();
  const listed = await apiCall<{ users: { _id: string; suspended: boolean }[] }>(
    request,
    world.rootToken,
    'GET',
    `/api/resident/get-all?limit=100&property=${world.property._id}`,
  );
  expect(listed.users.find((user) => user._id === world.resident.id)?.suspended).toBe(false);

  await editDialog.getByRole('button', { name: 'Suspend access…' }).click();
  await confirm.getByLabel('Reason').fill('Moved out');
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(confirm).toBeHidden();
  await expect(editDialog.getByText('Suspended: Moved out')).toBeVisible();
  await shootBoth(page, 'edit-user-suspended');
});

test('a resident suspended while signed in who taps Open Gate reads why on the sign-in page', async ({
  browser,
  request,
  mailbox,
  superadmin,
  server,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator(), ['qr']);
  const residentContext = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE });
  const resident = await residentContext.newPage();
  await signIn(resident, world.resident);
  await resident.goto('/access-gates');
  await expect(resident.getByRole('button', { name: 'Open Gate' })).toBeEnabled();

  await apiCall(request, world.rootToken, 'POST', `/api/resident/${world.resident.id}/suspend`, {
    reason: 'Moved out',
  });
  await resident.getByRole('button', { name: 'Open Gate' }).click();
  await resident.waitForURL((url) => url.pathname.startsWith('/login/'));
  await expect(resident.getByRole('status')).toHaveText(
    `You were signed out. Your access at ${world.property.propertyName} is paused. Please contact your property manager.`,
  );
  await expect(resident.getByRole('heading', { name: 'Resident Login' })).toBeVisible();
  await shootBoth(resident, 'signed-out-by-suspension');
  expect(await world.relay.pulses()).toHaveLength(0);
  await residentContext.close();
});
