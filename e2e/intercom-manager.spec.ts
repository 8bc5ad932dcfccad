import type { PropertyFeature } from '../core/constants';
import { apiCall } from './support/api';
import { moderateOrWorseFindings } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { DESKTOP, PHONE, shoot } from './support/screens';
import { createUser } from './support/seed';
import { gateWorld, relaySimulatorPerFile } from './visitors-support';

// What a property manager does about the intercom: hide a resident from the gate's directory (Edit
// user), and say how long call photos are kept (Gate Logs).
const simulator = relaySimulatorPerFile(test);

test('a manager hides a resident from the gate directory and sets how long call photos are kept', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator(), ['qr', 'intercom' as PropertyFeature]);
  const manager = await createUser(request, world.rootToken, mailbox, {
    role: 'admin',
    propertyId: world.property._id,
  });
  const search = () =>
    apiCall<{ entries: { displayName: string }[] }>(request, world.deviceKey, 'GET', '/api/intercom/directory?q=rita');
  expect((await search()).entries.map((entry) => entry.displayName)).toEqual(['Rita R.']);

  await signIn(page, manager);
  await page.goto('/dashboard');
  await page.getByRole('row').filter({ hasText: world.resident.email }).getByRole('button', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(editDialog.getByText('Listed at the gate as "Rita R."')).toBeVisible();
  await editDialog.getByRole('switch', { name: 'Hidden from the gate directory' }).click({ force: true });
  await expect(editDialog.getByText('Visitors at the gate cannot find them.')).toBeVisible();
  await shoot(page, 'intercom-manager-hides-resident', ['desktop', 'phone'], 43);
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    expect(await moderateOrWorseFindings(page), 'axe on Edit user').toEqual([]);
  }
  expect((await search()).entries).toEqual([]);
  await page.keyboard.press('Escape');

  await page.setViewportSize(DESKTOP);
  await page.goto('/gate-logs');
  const days = page.getByLabel('Keep call photos for N days');
  await expect(days).toHaveValue('30');
  await days.fill('7');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Call photos are kept for 7 days.' })).toBeVisible();
  await shoot(page, 'intercom-manager-photo-days', ['desktop', 'phone'], 43);
  expect(await moderateOrWorseFindings(page), 'axe on Gate Logs').toEqual([]);
  const kept = await apiCall<{ callPhotoRetentionDays: number }>(
    request,
    world.rootToken,
    'GET',
    `/api/properties/${world.property._id}/intercom-settings`,
  );
  expect(kept.callPhotoRetentionDays).toBe(7);
});
