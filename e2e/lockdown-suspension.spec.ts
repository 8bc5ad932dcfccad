import type { Page } from '@playwright/test';
import { LOGIN_PATHS } from '../core/roles';
import { axeFindings, openPairedReader, PHONE, registerPass, wedgeScan } from './reader-support';
import { apiCall } from './support/api';
import { expect, signIn, submitSignIn, test } from './support/fixtures';
import { createUser } from './support/seed';
import { gateWorld, relaySimulatorPerFile } from './visitors-support';

const simulator = relaySimulatorPerFile(test);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/lockdown/${name}.png`, fullPage: true });

test('a manager locks the property down from a phone, the reader and the resident see it, and the manager ends it', async ({
  browser,
  page,
  request,
  mailbox,
  superadmin,
  server,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator(), ['qr']);
  const manager = await createUser(request, world.rootToken, mailbox, {
    role: 'admin',
    propertyId: world.property._id,
    firstName: 'Mona',
    lastName: 'Manager',
  });
  const pass = await registerPass(request, mailbox, world, 'Cora');
  await page.setViewportSize(PHONE);
  await signIn(page, manager);
  await page.goto('/access-gates');
  await expect(page.getByText(world.deviceName)).toBeVisible();

  // Two taps and the confirmation: Lock down, a reason (the first is chosen already), Start lockdown.
  await page.getByRole('button', { name: 'Lock down' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lock down' });
  await dialog.getByRole('radio', { name: 'Police request' }).check();
  await shot(page, 'dialog-phone');
  expect(await axeFindings(page), 'axe on the dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Start lockdown' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'Lockdown in force since' });
  await expect(banner).toContainText('— Police request');
  await shot(page, 'banner-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'banner-desktop');
  await page.setViewportSize(PHONE);
  expect(await axeFindings(page), 'axe on the banner').toEqual([]);
  await mailbox.waitFor(manager.email, (mail) => mail.subject === `Lockdown started: ${world.property.propertyName}`);

  // The reader's answer to any code says so in large text.
  const reader = await openPairedReader(browser, server.baseURL, world.deviceKey);
  await expect(reader.getByText(world.property.propertyName)).toBeVisible();
  await wedgeScan(reader, pass.token);
  await expect(reader.getByRole('status')).toContainText('Gate locked down');
  await reader.screenshot({ path: 'test-results/lockdown/reader.png' });
  expect(await world.relay.pulses()).toHaveLength(0);
  await reader.context().close();

  // The resident's app shows the banner and their Open button waits.
  const residentContext = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE });
  const resident = await residentContext.newPage();
  await signIn(resident, world.resident);
  await resident.goto('/access-gates');
  await expect(resident.getByRole('alert').filter({ hasText: 'Lockdown in force since' })).toContainText(
    'Police request',
  );
  await expect(resident.getByRole('button', { name: 'Gate locked down' })).toBeDisabled();
  await expect(resident.getByRole('button', { name: 'End lockdown' })).toHaveCount(0);
  await resident.screenshot({ path: 'test-results/lockdown/resident-phone.png', fullPage: true });

  await banner.getByRole('button', { name: 'End lockdown' }).click();
  await page.getByRole('dialog', { name: 'End lockdown' }).getByRole('button', { name: 'End lockdown' }).click();
  await expect(page.getByRole('button', { name: 'Lock down' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await mailbox.waitFor(manager.email, (mail) => mail.subject === `Lockdown ended: ${world.property.propertyName}`);
  await resident.reload();
  await expect(resident.getByRole('button', { name: 'Open Gate' })).toBeEnabled();
  await residentContext.close();

  // The gate log names both, with who and why.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/gate-logs');
  await expect(page.getByText('Lockdown started: Police request')).toBeVisible();
  await expect(page.getByText('Lockdown ended: Police request')).toBeVisible();
  await shot(page, 'gate-log-desktop');
});

test('a suspended resident cannot sign in and reads why; the Users table marks and filters them', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator(), ['qr']);
  const manager = await createUser(request, world.rootToken, mailbox, {
    role: 'admin',
    propertyId: world.property._id,
  });
  // The Edit dialog's confirmation is e2e/access-dates-suspension.spec.ts's; here the result is shown.
  await apiCall(request, world.rootToken, 'POST', `/api/resident/${world.resident.id}/suspend`, {
    reason: 'Moved out',
  });
  await signIn(page, manager);
  await page.goto('/dashboard');
  const row = page.getByRole('row').filter({ hasText: world.resident.email });
  await expect(row.getByText('Suspended')).toBeVisible();
  await page.getByRole('combobox', { name: 'Access' }).click();
  await page.getByRole('option', { name: 'Suspended only' }).click();
  await expect(page.getByRole('row').filter({ hasText: '@' })).toHaveCount(1);
  await shot(page, 'users-suspended-filter');
  await page.setViewportSize(PHONE);
  await shot(page, 'users-suspended-phone');

  await page.context().clearCookies();
  await page.goto(LOGIN_PATHS.resident);
  await submitSignIn(page, world.resident);
  await expect(page.getByRole('alert')).toHaveText(
    `Your access at ${world.property.propertyName} is paused. Please contact your property manager.`,
  );
  await shot(page, 'suspended-sign-in-phone');
  expect(await axeFindings(page), 'axe on the refused sign-in').toEqual([]);

  const resumed = await apiCall<{ message: string }>(
    request,
    world.rootToken,
    'POST',
    `/api/resident/${world.resident.id}/resume`,
  );
  expect(resumed.message).toBe('Access resumed');
  await submitSignIn(page, world.resident);
  await expect(page).not.toHaveURL(/login/);
});
