import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiCall, apiToken } from './support/api';
import { E2E_MQTT_URL, expect, signIn, test } from './support/fixtures';
import { type RunningRelaySimulator, startRelaySimulator } from './support/relay-simulator';
import { unique } from './support/seed';

let simulator: RunningRelaySimulator;
test.beforeAll(async () => {
  simulator = await startRelaySimulator();
});
test.afterAll(async () => {
  await simulator.stop();
});

const SCREENS = process.env.E2E_SCREENSHOTS;

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Screenshots for people to look at, at desktop and phone sizes, when E2E_SCREENSHOTS names a folder. */
async function screenshots(page: Page, name: string) {
  if (!SCREENS) return;
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('register a gate connected over MQTT, open it through the broker, edit its topic', async ({
  page,
  superadmin,
  request,
}) => {
  const token = await apiToken(request, superadmin);
  const propertyName = unique('Broker Court');
  await apiCall(request, token, 'POST', '/api/property/register', {
    propertyName,
    propertyLocation: '1 Topic Road',
    propertyFeatures: ['qr'],
  });
  const topic = `e2e-shelly-${crypto.randomBytes(5).toString('hex')}`;
  const gateName = unique('Back Gate');

  await signIn(page, superadmin);
  await page.goto('/register-device');
  await page.getByRole('radio', { name: 'MQTT' }).check();
  await expect(page.getByRole('textbox', { name: 'IP Address' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Register Device' }).click();
  await expect(page.getByText('MQTT Topic is required for a device connected over MQTT')).toBeVisible();
  await page.getByLabel('Device Name').fill(gateName);
  await page.getByRole('textbox', { name: 'MQTT Topic' }).fill(topic);
  await page.getByRole('combobox', { name: 'Property' }).click();
  await page.getByRole('option', { name: new RegExp(propertyName) }).click();
  await page.getByRole('button', { name: 'Relay settings (optional)' }).click();
  await expect(page.getByRole('combobox', { name: 'Relay driver' })).toHaveValue('Shelly Gen2+ (Plus / Pro) over MQTT');
  await screenshots(page, 'register-device-mqtt');
  await page.getByRole('button', { name: 'Register Device' }).click();
  await expect(page.getByRole('status')).toHaveText('Device registered successfully');
  await expect(page.getByTestId('mqtt-password')).toHaveText(/^[A-Za-z0-9_-]{30,}$/);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'register-device-mqtt-registered');

  const relay = await simulator.addMqttDevice({ protocol: 'shelly-gen2-mqtt', brokerUrl: E2E_MQTT_URL, topic });
  await page.goto('/dashboard?type=device');
  const block = page.getByRole('region', { name: propertyName });
  await expect(block.getByText(`MQTT: ${topic}`)).toBeVisible();
  await block.getByRole('button', { name: 'Open Gate' }).click();
  await expect(page.getByText(`${propertyName} (${gateName}): Gate opened successfully!`)).toBeVisible();
  expect(await relay.pulses()).toHaveLength(1);

  await block.getByRole('button', { name: `Edit ${gateName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Device' });
  await expect(dialog.getByRole('radio', { name: 'MQTT' })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: 'MQTT Topic' })).toHaveValue(topic);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'edit-device-mqtt');
  await dialog.getByRole('textbox', { name: 'MQTT Topic' }).fill(`${topic}-b`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(block.getByText(`MQTT: ${topic}-b`)).toBeVisible();
});
