import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiCall, apiToken } from './support/api';
import { moderateOrWorseFindings } from './support/axe';
import { type Credentials, expect, signIn, test } from './support/fixtures';
import { afterPulseHold, type RunningRelaySimulator, startRelaySimulator } from './support/relay-simulator';
import { shoot } from './support/screens';
import { createUser, unique } from './support/seed';

let simulator: RunningRelaySimulator;
test.beforeAll(async () => {
  simulator = await startRelaySimulator();
});
test.afterAll(async () => {
  await simulator.stop();
});

async function signedInPage(browser: Browser, user: Credentials, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, user);
  await expect(page).not.toHaveURL(/\/login\//);
  return page;
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A property with one gate registered through the API, named uniquely from `name`. */
async function propertyWithGate(
  request: APIRequestContext,
  superadmin: Credentials,
  name: string,
  device: { deviceIpAddress: string; driver?: string },
) {
  const token = await apiToken(request, superadmin);
  const property = await apiCall<{ _id: string; propertyName: string }>(
    request,
    token,
    'POST',
    '/api/property/register',
    {
      propertyName: unique(name),
      propertyLocation: `3 ${name} Road`,
    },
  );
  const gateName = unique(`${name} Gate`);
  await apiCall(request, token, 'POST', '/api/device/register', {
    deviceName: gateName,
    deviceType: 'gate',
    propertyId: property._id,
    ...device,
  });
  return { property, gateName };
}

async function chooseOption(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test('register property and device, open the gate as a resident, see it fail when the relay is down', async ({
  page,
  browser,
  baseURL,
  superadmin,
  mailbox,
  request,
}) => {
  const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
  const propertyName = unique('Cedar Court');
  const gateName = unique('Front Gate');

  await signIn(page, superadmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/register-property');
  await page.getByRole('button', { name: 'Register Property' }).click();
  await expect(page.getByLabel('Property Name')).toHaveAccessibleDescription('All fields are required');
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Property Name').fill(propertyName);
  await page.getByLabel('Property Location').fill('9 Cedar Street');
  await page.getByLabel('Secure PIN').check();
  await page.getByRole('button', { name: 'Register Property' }).click();
  await expect(page.getByRole('status')).toContainText(propertyName);

  await page.goto('/register-device');
  await page.getByRole('button', { name: 'Register Device' }).click();
  for (const message of ['Device Name is required', 'Device IP Address is required', 'Property is required']) {
    await expect(page.getByText(message)).toBeVisible();
  }
  // The address example is a description: not typed-looking, and not red under the error.
  const address = page.getByRole('textbox', { name: 'IP Address' });
  await expect(address).not.toHaveAttribute('placeholder', /./);
  await expect(address).toHaveAccessibleDescription(/For example 192\.168\.1\.20/);
  const example = page.getByText('For example 192.168.1.20 or 192.168.1.20:8080');
  const [red, green] = (await example.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)?.map(Number) ?? [];
  expect((red ?? 0) - (green ?? 0)).toBeLessThan(60);
  // One kind of device: Device Type is text, not a select with one choice.
  await expect(page.getByRole('combobox', { name: 'Device Type' })).toHaveCount(0);
  await expect(page.getByTestId('device-type')).toHaveText('Main Gate');
  await shoot(page, 'item13-register-device');
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Device Name').fill(gateName);
  await page.getByLabel('Device Label (optional)').fill('Visitors');
  await page.getByRole('textbox', { name: 'IP Address' }).fill(relay.address);
  await chooseOption(page, 'Property', new RegExp(propertyName));
  await page.getByRole('button', { name: 'Register Device' }).click();
  await expect(page.getByRole('status')).toHaveText('Device registered successfully');
  await expect(page.getByTestId('device-key')).toHaveText(/^[A-Za-z0-9_-]{40,}$/);
  await expect(page.getByRole('status')).toBeHidden({ timeout: 8000 });

  const token = await apiToken(request, superadmin);
  const [property] = await apiCall<{ _id: string; propertyName: string }[]>(
    request,
    token,
    'GET',
    '/api/property/get-all',
  ).then((all) => all.filter((p) => p.propertyName === propertyName));
  const resident = await createUser(request, token, mailbox, { role: 'resident', propertyId: property._id });

  const residentPage = await signedInPage(browser, resident, baseURL);
  await residentPage.goto('/access-gates');
  await expect(residentPage.getByRole('heading', { name: 'Gates' })).toBeVisible();
  await residentPage.getByRole('button', { name: 'Open Gate' }).click();
  await expect(residentPage.getByRole('status')).toHaveText(`${gateName} has been opened successfully.`);
  expect(await relay.pulses()).toHaveLength(1);
  await expectNoSeriousAxeViolations(residentPage);
  await expect(residentPage.getByRole('status')).toBeHidden({ timeout: 8000 });

  await relay.down();
  await residentPage.getByRole('button', { name: 'Open Gate' }).click();
  const failure = residentPage.getByRole('alert');
  await expect(failure).toHaveText(`${gateName} isn't answering. It may be without power or network.`);
  await expect(residentPage.locator('[data-health]')).toHaveAttribute('data-health', 'offline');
  expect(await relay.pulses()).toHaveLength(1);
  await relay.healthy();
  await residentPage.context().close();
});

test('a manager pressing Open Gate on a relay that does not answer reads why, keeps reading it, and sees the gate offline', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
  const { property, gateName } = await propertyWithGate(request, superadmin, 'Birch', {
    deviceIpAddress: relay.address,
  });
  const token = await apiToken(request, superadmin);
  const manager = await createUser(request, token, mailbox, { role: 'admin', propertyId: property._id });
  await page.clock.install();
  await signIn(page, manager);
  await page.goto('/access-gates');
  const badge = page.locator('[data-health]');
  await page.getByRole('button', { name: 'Open Gate' }).click();
  await expect(page.getByText(`${gateName} has been opened successfully.`)).toBeVisible();
  await expect(badge).toHaveAttribute('data-health', 'online');

  await relay.down();
  await afterPulseHold();
  const pressed = page.waitForResponse((response) => response.url().endsWith('/api/device/trigger-relay'));
  await page.getByRole('button', { name: 'Open Gate' }).click();
  await pressed;
  await expect(page.getByRole('button', { name: 'Opening...' })).toHaveCount(0);
  await shoot(page, 'item2');
  const failure = page.getByRole('alert').filter({ hasText: gateName });
  await expect(failure).toHaveText(`${gateName} isn't answering. It may be without power or network.`);
  await expect(badge).toHaveAttribute('data-health', 'offline');
  await expect(page.getByRole('button', { name: 'Gate offline' })).toBeDisabled();
  expect(await moderateOrWorseFindings(page)).toEqual([]);

  // Still there well past the 4 s a success stays: until dismissed.
  await page.clock.runFor(15_000);
  await expect(failure).toBeVisible();
  await failure.getByRole('button', { name: 'Dismiss' }).click();
  await expect(failure).toBeHidden();
  await relay.healthy();
});

test('a superadmin opens a gate from the devices list and edits a device with the edit rules', async ({
  page,
  superadmin,
  request,
}) => {
  const relay = await simulator.addDevice({ protocol: 'tasmota' });
  const { property, gateName } = await propertyWithGate(request, superadmin, 'Birch Hill', {
    deviceIpAddress: relay.address,
    driver: 'tasmota',
  });

  await signIn(page, superadmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard?type=device');
  const block = page.getByRole('region', { name: property.propertyName });
  const row = block.getByRole('row', { name: new RegExp(gateName) });
  await row.getByRole('button', { name: 'Open Gate' }).click();
  await expect(page.getByText(`${property.propertyName} (${gateName}): Gate opened successfully!`)).toBeVisible();
  expect(await relay.pulses()).toMatchObject([{ command: 'Backlog Power1 On; Delay 10; Power1 Off' }]);
  await expect(row.getByRole('button', { name: 'Open Gate' })).toBeEnabled();
  await page.mouse.move(0, 0);
  await expectNoSeriousAxeViolations(page);

  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Device' });
  await dialog.getByLabel('Device Name').fill('');
  await expect(dialog.getByText('Please fill out all required fields before saving.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Device Name').fill(`${gateName} East`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Device updated successfully')).toBeVisible();
  await expect(block.getByRole('row', { name: new RegExp(`${gateName} East`) })).toBeVisible();

  await block
    .getByRole('row', { name: new RegExp(`${gateName} East`) })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Device deleted successfully')).toBeVisible();
  await expect(block.getByText('No devices available for this property.')).toBeVisible();
});

test('a device update the server refuses shows its reason in the dialog for 3 seconds', async ({
  page,
  superadmin,
  request,
}) => {
  const { property, gateName } = await propertyWithGate(request, superadmin, 'Aspen Row', {
    deviceIpAddress: '192.0.2.10',
  });

  await page.clock.install();
  await signIn(page, superadmin);
  await page.goto('/dashboard?type=device');
  const row = page
    .getByRole('region', { name: property.propertyName })
    .getByRole('row', { name: new RegExp(gateName) });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Device' });
  // A bad address is caught on its field before anything is sent.
  await dialog.getByLabel('IP Address').fill('not an address!');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('IP Address')).toHaveAccessibleDescription(
    /Device IP Address must be a host name or IP address/,
  );
  // What only the server can know: the device was deleted meanwhile.
  await dialog.getByLabel('IP Address').fill('192.0.2.11');
  const token = await apiToken(request, superadmin);
  const listed = await apiCall<{ devices: { _id: string; deviceName: string }[] }[]>(
    request,
    token,
    'GET',
    `/api/device/get-all?property=${property._id}`,
  );
  const device = listed[0].devices.find((candidate) => candidate.deviceName === gateName)!;
  await apiCall(request, token, 'DELETE', `/api/device/${device._id}`);
  // From here the page's time moves only when the test says: a loaded machine must not age the message.
  await pauseSoon(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const refusal = dialog.getByRole('alert').filter({ hasText: /not found/i });
  await expect(refusal).toBeVisible();
  await page.clock.runFor(2_500);
  await expect(refusal).toBeVisible();
  await page.clock.runFor(600);
  await expect(refusal).toHaveCount(0);
  await expect(dialog.getByLabel('IP Address')).toHaveValue('192.0.2.11');
});

/** Pauses the page's clock a moment from its now; a busy machine can pass that moment first, so try again. */
async function pauseSoon(page: Page) {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 1_000);
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}
