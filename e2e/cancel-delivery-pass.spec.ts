import { moderateOrWorseFindings } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { shoot } from './support/screens';
import { gateWorld, relaySimulatorPerFile } from './visitors-support';

const simulator = relaySimulatorPerFile(test);

test('Cancel pass asks first: Keep pass leaves it valid, Cancel pass in the dialog cancels it', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator(), ['securepin']);
  await request.post('/api/delivery-passes', {
    data: { company: 'Quick Parcel' },
    headers: { authorization: `Bearer ${world.residentToken}` },
  });
  await signIn(page, world.resident);
  await page.getByRole('link', { name: 'Visitor List' }).click();
  const pass = page.getByTestId('delivery-pass').filter({ hasText: 'Quick Parcel' });
  await expect(pass).toContainText('Valid');
  await pass.scrollIntoViewIfNeeded();
  await shoot(page, 'item7-delivery-pass');

  await pass.getByRole('button', { name: 'Cancel pass' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel delivery pass' });
  await shoot(page, 'item7-cancel-confirm');
  await expect(dialog).toContainText('Cancel the delivery pass for Quick Parcel');
  expect(await moderateOrWorseFindings(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Keep pass' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(pass).toContainText('Valid');
  await page.reload();
  await expect(pass).toContainText('Valid');

  await pass.getByRole('button', { name: 'Cancel pass' }).click();
  await dialog.getByRole('button', { name: 'Cancel pass' }).click();
  await expect(pass).toContainText('Cancelled');
  await page.mouse.move(0, 0);
  expect(await moderateOrWorseFindings(page)).toEqual([]);
});
