import { rowWith } from './dashboard-support';
import { apiCall, apiToken } from './support/api';
import { seriousFindings } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { createProperty, createUser, unique } from './support/seed';
import { relaySimulatorPerFile } from './visitors-support';

const simulator = relaySimulatorPerFile(test);

test('a manager holds a gate open for 30 minutes, sets its hold-open schedule, and releases it, on desktop and phone', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
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

  await dialog.getByRole('button', { name: 'Hold open for 30 minutes' }).click();
  await expect(dialog.getByTestId('hold-state')).toContainText(/^Held open by .+ until \d\d:\d\d$/);
  expect(await relay.isLatchedOn()).toBe(true);

  await dialog.getByRole('button', { name: 'Add range on Monday' }).click();
  await dialog.getByRole('button', { name: 'Add closed date' }).click();
  await dialog.getByLabel('Closed date 1', { exact: true }).fill('2026-12-25');
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

  // A bad end time is refused on its field.
  await dialog.getByLabel('Hold open until…').fill('10:30');
  await dialog.getByRole('button', { name: 'Hold', exact: true }).click();
  await expect(dialog.getByTestId('hold-state')).toContainText('until 10:30');
  await page.screenshot({ path: test.info().outputPath('hold-open-phone-until.png') });
});
