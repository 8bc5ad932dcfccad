import { rowWith } from './dashboard-support';
import { apiCall, apiToken } from './support/api';
import { seriousFindings } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { createProperty, createUser, unique } from './support/seed';
import { gateWorld, relaySimulatorPerFile } from './visitors-support';

const simulator = relaySimulatorPerFile(test);

test('a manager holds a gate open for 30 minutes, sets its hold-open schedule, and releases it, on desktop and phone', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  // Nine screens at two widths, each checked with axe: more than the default minute on a loaded machine.
  test.setTimeout(120_000);
  const root = await apiToken(request, superadmin);
  const property = await createProperty(request, root);
  const relay = await simulator().addDevice({ protocol: 'shelly-gen1' });
  const gateName = unique('Pedestrian Gate');
  await apiCall(request, root, 'POST', '/api/device/register', {
    deviceName: gateName,
    deviceType: 'gate',
    propertyId: property._id,
    deviceIpAddress: relay.address,
  });
  const admin = await createUser(request, root, mailbox, { role: 'admin', propertyId: property._id });

  await signIn(page, admin);
  await page.goto('/dashboard?type=device');
  await rowWith(page, gateName)
    .getByRole('button', { name: `Hold open ${gateName}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Hold open: ${gateName}` });
  await expect(dialog.getByTestId('hold-state')).toHaveText('Not held open');
  // Nothing is held: there is nothing to release.
  await expect(dialog.getByRole('button', { name: 'Release now' })).toBeDisabled();

  await dialog.getByRole('button', { name: 'Hold open for 30 minutes' }).click();
  await expect(dialog.getByTestId('hold-state')).toContainText(
    /^Held open by .+ until \w{3}, \w{3} \d{1,2}, \d{4} \d\d:\d\d E[SD]T$/,
  );
  expect(await relay.isLatchedOn()).toBe(true);

  await dialog.getByRole('button', { name: 'Add range on Monday' }).click();
  await dialog.getByRole('button', { name: 'Add closed date' }).click();
  const closed = dialog.getByLabel('Closed date 1', { exact: true });
  await closed.fill('2026-12-25');
  // The date reads as the schedule's error sentence asks for it (YYYY-MM-DD), not the browser's mm/dd/yyyy.
  await expect(closed).not.toHaveAttribute('type', 'date');
  await expect(closed).toHaveValue('2026-12-25');
  await expect(dialog.getByLabel('Monday range 1 from', { exact: true })).toHaveValue('07:00');
  await dialog.getByRole('button', { name: 'Save schedule' }).click();
  await expect(dialog.getByText('Hold-open schedule saved')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('hold-open-desktop.png'), fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('hold-open-phone.png') });
  await dialog.getByRole('button', { name: 'Release now' }).click();
  await expect(dialog.getByTestId('hold-state')).toHaveText('Not held open');
  expect(await relay.isLatchedOn()).toBe(false);
  expect(await seriousFindings(page)).toEqual([]);

  // An end typed as people type it is understood, and shown on the 24-hour clock like every other time.
  const until = dialog.getByLabel('Hold open until…');
  await until.fill('10:30am');
  await until.blur();
  await expect(until).toHaveValue('10:30');
  await dialog.getByRole('button', { name: 'Hold', exact: true }).click();
  await expect(dialog.getByTestId('hold-state')).toContainText(/until \w{3}, \w{3} \d{1,2}, \d{4} 10:30 E[SD]T$/);
  await page.screenshot({ path: test.info().outputPath('hold-open-phone-until.png') });

  // The Devices table says the gate is held, not just that it is online.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard?type=device');
  await expect(rowWith(page, gateName).getByTestId('device-held-open')).toHaveText(
    /^Held open until \w{3}, \w{3} \d{1,2}, \d{4} 10:30 E[SD]T$/,
  );
  await page.screenshot({ path: test.info().outputPath('held-device-desktop.png') });
  expect(await seriousFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('held-device-phone.png') });

  // Access Gates shows the hold where the gate is opened, in the property's zone.
  await page.goto('/access-gates');
  await expect(page.getByTestId('gate-held-open')).toHaveText(
    /^Held open until \w{3}, \w{3} \d{1,2}, \d{4} 10:30 E[SD]T$/,
  );
  await page.screenshot({ path: test.info().outputPath('held-gate-phone.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('held-gate-desktop.png') });

  // The gate log says hold and release in their own words, not "Pulse sent".
  await page.goto('/gate-logs');
  await expect(page.getByText(/^Held open by .+ until \d\d:\d\d E[SD]T$/).first()).toBeVisible();
  await expect(page.getByText(/^Released by /).first()).toBeVisible();
  await expect(page.getByText('Pulse sent')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('hold-log-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('hold-log-phone.png') });

  // Activity reads the hold's end in the property's zone, as everywhere else, not as raw UTC.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/activity');
  const holdEntry = page.getByTestId('activity-summary').filter({ hasText: 'Held open until' }).first();
  await expect(holdEntry).toHaveText(/^Held open until \w{3}, \w{3} \d{1,2}, \d{4} \d\d:\d\d E[SD]T '/);
  await page.screenshot({ path: test.info().outputPath('hold-activity-desktop.png') });
});

test('a manager holds a gate open from Access Gates; a resident sees no Hold open there', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const admin = await createUser(request, world.rootToken, mailbox, { role: 'admin', propertyId: world.property._id });

  await signIn(page, world.resident);
  await page.goto('/access-gates');
  await expect(page.getByRole('button', { name: 'Open Gate' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Hold open ${world.deviceName}` })).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, admin);
  await page.goto('/access-gates');
  await page.getByRole('button', { name: `Hold open ${world.deviceName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Hold open: ${world.deviceName}` });
  await dialog.getByRole('button', { name: 'Hold open for 30 minutes' }).click();
  await expect(dialog.getByTestId('hold-state')).toContainText(
    /^Held open by .+ until \w{3}, \w{3} \d{1,2}, \d{4} \d\d:\d\d E[SD]T$/,
  );
  expect(await world.relay.isLatchedOn()).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('gates-hold-dialog-desktop.png') });
  expect(await seriousFindings(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('gate-held-open')).toHaveText(/^Held open until .+ E[SD]T$/);
  await page.screenshot({ path: test.info().outputPath('gates-held-desktop.png') });
  expect(await seriousFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('gates-held-phone.png') });
});
