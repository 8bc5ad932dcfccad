import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { rowWith } from './dashboard-support';
import { apiCall, apiToken } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { createProperty, createUser, unique } from './support/seed';

// Devices by Property (the dashboard's Devices tab) shows each device Online or Offline with when
// it was last seen: a reader that sent a heartbeat is Online, a device never heard from is Offline.
async function seriousFindings(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

test('a reader that sent a heartbeat shows Online, a device never seen shows Offline', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const root = await apiToken(request, superadmin);
  const property = await createProperty(request, root);
  const register = (deviceName: string, deviceIpAddress = '192.0.2.10') =>
    apiCall<{ _id: string; deviceKey: string }>(request, root, 'POST', '/api/device/register', {
      deviceName,
      deviceLabel: 'Main entrance',
      deviceType: 'gate',
      deviceIpAddress,
      propertyId: property._id,
    });
  const reader = await register(unique('Front Gate'));
  await register(unique('Back Gate'));
  // A relay on a closed port: its pulse fails, so the device is known to be offline.
  const broken = await register(unique('Garage Gate'), '127.0.0.1:9');
  const press = await request.post('/api/device/trigger-relay', {
    headers: { authorization: `Bearer ${root}` },
    data: { deviceId: broken._id, propertyId: property._id },
  });
  expect(press.status()).toBe(502);
  const admin = await createUser(request, root, mailbox, { role: 'admin', propertyId: property._id });

  const heartbeat = await request.post('/api/devices/heartbeat', {
    headers: { authorization: `Bearer ${reader.deviceKey}` },
  });
  expect(heartbeat.status()).toBe(204);

  await signIn(page, admin);
  await page.goto('/dashboard?type=device');
  const devices = page.getByRole('table', { name: `Devices of ${property.propertyName}` });
  await expect(devices.getByRole('columnheader')).toHaveText([
    'Name',
    'Label',
    'Type',
    'IP Address',
    'Status',
    'Actions',
  ]);
  await expect(rowWith(page, 'Front Gate').getByTestId('device-health')).toHaveText('Onlinelast seen just now');
  await expect(rowWith(page, 'Back Gate').getByTestId('device-health')).toHaveText('Offlinenever seen');
  await expect(rowWith(page, 'Garage Gate').getByTestId('device-health')).toHaveText('Offlinenever seen');
  await expect(rowWith(page, 'Garage Gate').locator('[data-health]')).toHaveAttribute('data-health', 'offline');
  await expect(rowWith(page, 'Back Gate').locator('[data-health]')).toHaveAttribute('data-health', 'unknown');
  await page.screenshot({ path: test.info().outputPath('devices-desktop.png'), fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: `Devices of ${property.propertyName}` }).getByRole('listitem');
  await expect(cards.filter({ hasText: 'Front Gate' }).getByTestId('device-health')).toHaveText(
    'Onlinelast seen just now',
  );
  await expect(cards.filter({ hasText: 'Back Gate' }).getByTestId('device-health')).toHaveText('Offlinenever seen');
  await page.screenshot({ path: test.info().outputPath('devices-phone.png'), fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);
});
