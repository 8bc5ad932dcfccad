import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { moderateOrWorseFindings } from './support/axe';
import { type Credentials, expect, signIn, test } from './support/fixtures';
import type { Mailbox } from './support/mailbox';
import { createUser } from './support/seed';
import { gateWorld, relaySimulatorPerFile } from './visitors-support';

const simulator = relaySimulatorPerFile(test);

/** A gate with guest PINs and its resident signed in on Visitor List, by its Delivery passes section. */
async function residentOnVisitorList(
  page: Page,
  request: APIRequestContext,
  mailbox: Mailbox,
  superadmin: Credentials,
) {
  const world = await gateWorld(request, mailbox, superadmin, simulator(), ['securepin']);
  await signIn(page, world.resident);
  await page.getByRole('link', { name: 'Visitor List' }).click();
  return { world, section: page.getByRole('region', { name: 'Delivery passes' }) };
}

test('a resident creates a one-use delivery pass, the guest PIN opens the gate once, and another is cancelled', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { world, section } = await residentOnVisitorList(page, request, mailbox, superadmin);
  await expect(section.getByText('No delivery passes yet.')).toBeVisible();

  await expect(section.getByRole('combobox', { name: 'Valid for' })).toHaveValue('2 hours');
  await expect(section.getByRole('combobox', { name: 'Uses' })).toHaveValue('1 use');
  await section.getByLabel('Company (optional)').fill('Parcel Co');
  await section.getByRole('button', { name: 'Create delivery pass' }).click();
  const pass = section.getByTestId('delivery-pass').filter({ hasText: 'Parcel Co' });
  await expect(pass).toContainText('1 of 1 use left');
  const pin = (await pass.getByText(/^\d{6}$/).textContent()) as string;
  await page.mouse.move(0, 0); // axe reads colours as shown, and the pointer still hovers the button
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('delivery-desktop.png'), fullPage: true });

  const keypad = (value: string) =>
    request.post('/api/access/pin', { data: { pin: value }, headers: { authorization: `Bearer ${world.deviceKey}` } });
  expect(await (await keypad(pin)).json()).toMatchObject({ granted: true, reason: 'Delivery pass accepted' });
  expect(await (await keypad(pin)).json()).toMatchObject({ granted: false });
  await expect.poll(async () => (await world.relay.pulses()).length).toBe(1);
  await page.reload();
  await expect(pass).toContainText('0 of 1 use left');
  await expect(pass).toContainText('Used up');

  await section.getByLabel('Company (optional)').fill('Courier Two');
  await section.getByRole('button', { name: 'Create delivery pass' }).click();
  const second = section.getByTestId('delivery-pass').filter({ hasText: 'Courier Two' });
  await second.getByRole('button', { name: 'Cancel pass' }).click();
  await page.getByRole('dialog', { name: 'Cancel delivery pass' }).getByRole('button', { name: 'Cancel pass' }).click();
  await expect(second).toContainText('Cancelled');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('delivery-phone.png'), fullPage: true });
});

test('a resident sends a delivery pass by email; the courier opens it without an account and sees the QR and PIN', async ({
  page,
  browser,
  request,
  mailbox,
  superadmin,
}) => {
  const { world, section } = await residentOnVisitorList(page, request, mailbox, superadmin);
  await section.getByLabel('Company (optional)').fill('Shared Co');
  const notify = section.getByRole('switch', { name: 'Tell me each time it is used' });
  await notify.check({ force: true }); // Mantine draws the track; the input itself is visually hidden
  await expect(notify).toBeChecked();
  await section.getByRole('button', { name: 'Create delivery pass' }).click();
  const pass = section.getByTestId('delivery-pass').filter({ hasText: 'Shared Co' });
  const pin = (await pass.getByText(/^\d{6}$/).textContent()) as string;

  await pass.getByRole('button', { name: 'Send by email or text' }).click();
  await pass.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(pass.getByText('Enter an email address or a mobile number to send the pass to.')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await pass.screenshot({ path: test.info().outputPath('delivery-share-phone.png') });
  await page.setViewportSize({ width: 1280, height: 720 });
  await pass.getByLabel('Courier’s email').fill('courier@example.com');
  await pass.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Delivery pass sent.')).toBeVisible();
  await page.mouse.move(0, 0);
  expect(await moderateOrWorseFindings(page)).toEqual([]);

  const mail = await mailbox.waitFor('courier@example.com', (message) => /\/delivery\//.test(`${message.text}`));
  const link = /(https?:\/\/\S+\/delivery\/\S+)/.exec(`${mail.text}`)?.[1] as string;
  const courier = await (await browser.newContext()).newPage();
  await courier.setViewportSize({ width: 390, height: 844 });
  await courier.goto(link);
  await expect(courier.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(courier.getByTestId('delivery-pin')).toHaveText(pin);
  await expect(courier.getByRole('img', { name: 'Your delivery QR code' })).toBeVisible();
  await expect(courier.getByText('1 of 1 use left')).toBeVisible();
  expect(await moderateOrWorseFindings(courier)).toEqual([]);
  await courier.screenshot({ path: test.info().outputPath('delivery-courier-phone.png'), fullPage: true });

  const keypad = await request.post('/api/access/pin', {
    data: { pin },
    headers: { authorization: `Bearer ${world.deviceKey}` },
  });
  expect(await keypad.json()).toMatchObject({ granted: true });
  await courier.reload();
  await expect(courier.getByText('Used up')).toBeVisible();
  await expect(courier.getByTestId('delivery-pin')).toHaveCount(0);
});

test("a manager sees the property's delivery passes on the dashboard, cancels a resident's and creates one", async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator(), ['securepin']);
  const manager = await createUser(request, world.rootToken, mailbox, {
    role: 'admin',
    propertyId: world.property._id,
  });
  await request.post('/api/delivery-passes', {
    data: { company: 'Resident Parcel' },
    headers: { authorization: `Bearer ${world.residentToken}` },
  });

  await signIn(page, manager);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('tab', { name: 'Delivery passes' }).click();
  const section = page.getByRole('region', { name: 'Delivery passes' });
  const residents = section.getByTestId('delivery-pass').filter({ hasText: 'Resident Parcel' });
  await expect(residents).toContainText('1 of 1 use left');
  await residents.getByRole('button', { name: 'Cancel pass' }).click();
  await page.getByRole('dialog', { name: 'Cancel delivery pass' }).getByRole('button', { name: 'Cancel pass' }).click();
  await expect(residents).toContainText('Cancelled');

  await section.getByLabel('Company (optional)').fill('Manager Freight');
  await section.getByRole('button', { name: 'Create delivery pass' }).click();
  await expect(section.getByTestId('delivery-pass').filter({ hasText: 'Manager Freight' })).toContainText('Valid');
  await page.mouse.move(0, 0);
  expect(await moderateOrWorseFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('delivery-manager-phone.png'), fullPage: true });
});
