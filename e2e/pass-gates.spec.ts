import type { Page } from '@playwright/test';
import { axeFindings, PHONE } from './reader-support';
import { apiCall } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { unique } from './support/seed';
import { gateWorld, relaySimulatorPerFile, scanAtGate } from './visitors-support';

const simulator = relaySimulatorPerFile(test);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/pass-gates/${name}.png`, fullPage: true });

test('a resident narrows a delivery pass to one of two gates, and only that gate opens for it', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator(), ['qr', 'securepin']);
  const sideRelay = await simulator().addDevice();
  const sideGate = unique('Side Gate');
  const side = await apiCall<{ _id: string; deviceKey: string }>(
    request,
    world.rootToken,
    'POST',
    '/api/device/register',
    {
      deviceName: sideGate,
      deviceType: 'gate',
      deviceLabel: '',
      deviceIpAddress: sideRelay.address,
      propertyId: world.property._id,
    },
  );

  await page.setViewportSize(PHONE);
  await signIn(page, world.resident);
  await page.goto('/visitor-list');
  const gates = page.getByRole('combobox', { name: 'Gates this pass opens' });
  await gates.click();
  await page.getByRole('option', { name: sideGate }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Company (optional)').fill('Parcel Co');
  await shot(page, 'delivery-form-phone');
  expect(await axeFindings(page), 'axe on the form').toEqual([]);
  await page.getByRole('button', { name: 'Create delivery pass' }).click();
  await expect(page.getByText('Delivery pass created.')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'delivery-form-desktop');

  const { passes } = await apiCall<{ passes: { code: string }[] }>(
    request,
    world.residentToken,
    'GET',
    '/api/delivery-passes',
  );
  const code = passes[0].code;
  expect(await scanAtGate(request, world, code)).toMatchObject({ granted: false, rule: 'not_allowed_at_gate' });
  expect(await scanAtGate(request, { ...world, deviceKey: side.deviceKey }, code)).toMatchObject({ granted: true });
});
