import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { rowWith } from './dashboard-support';
import { apiCall, apiToken } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { createProperty, createUser, unique } from './support/seed';
import { relaySimulatorPerFile } from './visitors-support';

// Devices by Property (the dashboard's Devices tab) shows each device Online or Offline with when
// it was last seen: a reader that sent a heartbeat is Online, a device never heard from is Offline.
async function seriousFindings(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

const simulator = relaySimulatorPerFile(test);

test('a reader that sent a heartbeat shows Online, a device never seen shows Offline, a relay that does not answer its probe is offline and Access Gates says so', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const root = await apiToken(request, superadmin);
  const property = await createProperty(request, root);
  const register = (deviceName: string, connection: Record<string, string>) =>
    apiCall<{ _id: string; deviceKey: string }>(request, root, 'POST', '/api/device/register', {
      deviceName,
      deviceLabel: 'Main entrance',
      deviceType: 'gate',
      propertyId: property._id,
      ...connection,
    });
  const relay = await simulator().addDevice({ protocol: 'shelly-gen1' });
  const reader = await register(unique('Front Gate'), { deviceIpAddress: relay.address });
  // An MQTT relay that never connected to the broker: nothing was ever heard from it.
  await register(unique('Back Gate'), {
    driver: 'shelly-gen2-mqtt',
    mqttTopic: `e2e-never-${crypto.randomBytes(5).toString('hex')}`,
  });
  // A relay on a closed port: its status probe and its pulse fail, so it is known to be offline.
  const broken = await register(unique('Garage Gate'), { deviceIpAddress: '127.0.0.1:9' });
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

  // Access Gates: the offline gate says so on its button instead of trying for 5 s.
  await page.goto('/access-gates');
  const gateCard = (name: string) => page.locator('.mantine-Card-root').filter({ hasText: name });
  await expect(gateCard('Garage Gate').getByRole('button', { name: 'Gate offline' })).toBeDisabled();
  await expect(gateCard('Garage Gate').getByText('This gate is not answering right now')).toBeVisible();
  await expect(gateCard('Front Gate').getByRole('button', { name: 'Open Gate' })).toBeEnabled();
  await expect(gateCard('Back Gate').getByRole('button', { name: 'Open Gate' })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('access-gates-phone.png'), fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('access-gates-desktop.png'), fullPage: true });
});
