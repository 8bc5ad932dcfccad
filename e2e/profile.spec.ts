import type { APIRequestContext } from '@playwright/test';
import { PUSH_MESSAGES } from '../core/api/push-messages';
import { apiCall, apiToken } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { afterPulseHold, type RunningRelaySimulator, startRelaySimulator } from './support/relay-simulator';
import { shoot } from './support/screens';
import { createProperty, createUser, unique } from './support/seed';

let simulator: RunningRelaySimulator;
test.beforeAll(async () => {
  simulator = await startRelaySimulator();
});
test.afterAll(async () => {
  await simulator.stop();
});

const enterPin = async (request: APIRequestContext, deviceKey: string, pin: string) =>
  (await request.post('/api/access/pin', { data: { pin }, headers: { authorization: `Bearer ${deviceKey}` } })).json();

test('SMS needs a phone first: the phone dialog leaves it off; with a phone, consent turns it on', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const rootToken = await apiToken(request, superadmin);
  const property = await createProperty(request, rootToken);
  const resident = await createUser(request, rootToken, mailbox, {
    role: 'resident',
    propertyId: property._id,
    firstName: 'Paula',
    lastName: 'Profile',
  });
  await signIn(page, resident);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
  await expect(page.getByText('Paula Profile')).toBeVisible();
  await expect(page.getByText('Not Set')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Secure PIN' })).toHaveCount(0);

  // The email/SMS sentence sits with those switches, above Push; Push says no device has it yet.
  const push = page.getByRole('switch', { name: 'Push Notifications' });
  const emailSmsHelp = page.getByText(PUSH_MESSAGES.emailSmsExplained);
  expect((await emailSmsHelp.boundingBox())?.y).toBeLessThan((await push.boundingBox())?.y ?? 0);
  await expect(push).toBeChecked();
  await expect(page.getByText(PUSH_MESSAGES.switchNoDevice)).toBeVisible();
  await shoot(page, 'profile-notifications');

  const sms = page.getByRole('switch', { name: 'SMS Notifications' });
  await sms.click({ force: true });
  const phoneDialog = page.getByRole('dialog', { name: 'Enter Your Phone Number' });
  await expect(phoneDialog).toBeVisible();
  // It opens ready to type, without an error for the field nobody has filled yet.
  await expect(phoneDialog.getByLabel('Phone Number')).toBeFocused();
  await expect(phoneDialog.getByLabel('Phone Number')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(phoneDialog.getByText('Please enter a valid 10-digit phone number.')).toHaveCount(0);
  await expect(phoneDialog.getByRole('combobox', { name: 'Country' })).toHaveText('USA (+1)');
  await phoneDialog.getByLabel('Phone Number').fill('55512');
  await phoneDialog.getByRole('button', { name: 'Save' }).click();
  await expect(phoneDialog.getByText('Please enter a valid 10-digit phone number.')).toBeVisible();
  await phoneDialog.getByLabel('Phone Number').fill('5551234567890');
  await expect(phoneDialog.getByLabel('Phone Number')).toHaveValue('5551234567');
  await phoneDialog.getByRole('button', { name: 'Save' }).click();
  await expect(phoneDialog).toBeHidden();
  await expect(page.getByText('+15551234567')).toBeVisible();
  await expect(sms).not.toBeChecked();

  await sms.click({ force: true });
  const consent = page.getByRole('dialog', { name: 'Enable Email/SMS Notifications' });
  await expect(consent).toBeVisible();
  await consent.getByRole('button', { name: 'Cancel' }).click();
  await expect(consent).toBeHidden();
  await expect(sms).not.toBeChecked();
  await sms.click({ force: true });
  await consent.getByRole('button', { name: 'Agree and proceed' }).click();
  await expect(consent).toBeHidden();
  await expect(sms).toBeChecked();

  const email = page.getByRole('switch', { name: 'Email Notifications' });
  await email.click({ force: true });
  await consent.getByRole('button', { name: 'Agree and proceed' }).click();
  await expect(consent).toBeHidden();
  await expect(email).toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'SMS Notifications' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Email Notifications' })).toBeChecked();
  await page.getByRole('switch', { name: 'Email Notifications' }).click({ force: true });
  await expect(page.getByRole('switch', { name: 'Email Notifications' })).not.toBeChecked();
});

test('a refreshed PIN opens the gate at the keypad and the old one no longer does', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const rootToken = await apiToken(request, superadmin);
  const property = await createProperty(request, rootToken, { propertyFeatures: ['securepin'] });
  const resident = await createUser(request, rootToken, mailbox, { role: 'resident', propertyId: property._id });
  const relay = await simulator.addDevice();
  const { deviceKey } = await apiCall<{ deviceKey: string }>(request, rootToken, 'POST', '/api/device/register', {
    deviceName: unique('Keypad Gate'),
    deviceType: 'gate',
    deviceLabel: '',
    deviceIpAddress: relay.address,
    propertyId: property._id,
  });

  await signIn(page, resident);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  const pinText = page.getByTestId('secure-pin');
  await expect(pinText).toHaveText(/^\d{6}$/);
  const oldPin = (await pinText.textContent())!;
  expect(await enterPin(request, deviceKey, oldPin)).toEqual({
    granted: true,
    reason: 'PIN accepted',
    resident: { firstName: 'Test' },
  });

  await page.getByRole('button', { name: 'Refresh PIN' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm PIN Refresh' });
  await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Refresh PIN' }).click();
  await expect(confirm).toBeHidden();
  await expect(pinText).not.toHaveText(oldPin);
  const newPin = (await pinText.textContent())!;
  expect(newPin).toMatch(/^\d{6}$/);

  await afterPulseHold();
  expect(await enterPin(request, deviceKey, newPin)).toEqual({
    granted: true,
    reason: 'PIN accepted',
    resident: { firstName: 'Test' },
  });
  expect(await enterPin(request, deviceKey, oldPin)).toEqual({ granted: false, reason: 'Wrong PIN' });
  expect(await relay.pulses()).toHaveLength(2);
});
