import AxeBuilder from '@axe-core/playwright';
import { apiToken } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { shoot } from './support/screens';
import { createProperty, createUser } from './support/seed';

test('a manager enrols a fob from the dashboard, disables it when lost, and is told a card is already enrolled', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const root = await apiToken(request, superadmin);
  const property = await createProperty(request, root, { propertyFeatures: ['rfid'] });
  const manager = await createUser(request, root, mailbox, { role: 'admin', propertyId: property._id });
  const resident = await createUser(request, root, mailbox, {
    role: 'resident',
    propertyId: property._id,
    firstName: 'Fiona',
    lastName: 'Fob',
  });

  await signIn(page, manager);
  await page.goto('/dashboard?type=card');
  await expect(page.getByText('No cards enrolled yet.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Holder' }).fill('Fiona');
  await page.getByRole('option', { name: new RegExp(resident.email) }).click();
  await page.getByRole('textbox', { name: 'Card number' }).fill('123:45678');
  await page.getByRole('textbox', { name: 'Label' }).fill('blue fob');
  await page.getByRole('button', { name: 'Enrol card' }).click();
  const table = page.getByRole('table', { name: 'Cards' });
  const row = table.getByRole('row').filter({ hasText: 'Fiona Fob' });
  await expect(row).toContainText('FC 123, card …678');
  await expect(row).toContainText('blue fob');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('never');

  // The same card as a USB reader types it (the 24-bit number) is the same card.
  await page.getByRole('textbox', { name: 'Card number' }).fill(String(123 * 65536 + 45678));
  await page.getByRole('button', { name: 'Enrol card' }).click();
  await expect(page.getByText('This card is already enrolled at this property.')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);

  await row.getByRole('button', { name: /Disable the card of Fiona Fob/ }).click();
  await expect(row).toContainText('Disabled');
  await expect(row).toContainText('blue fob');
  await page.mouse.move(0, 0); // axe reads colours as shown, and the pointer still hovers the button
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('cards-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('cards-phone.png'), fullPage: true });
});

test('enrolling with no holder marks the Holder field with its sentence (decision 0022)', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const root = await apiToken(request, superadmin);
  const property = await createProperty(request, root, { propertyFeatures: ['rfid'] });
  const manager = await createUser(request, root, mailbox, { role: 'admin', propertyId: property._id });
  await signIn(page, manager);
  await page.goto('/dashboard?type=card');
  await page.getByRole('textbox', { name: 'Card number' }).fill('123:45678');
  await page.getByRole('button', { name: 'Enrol card' }).click();
  const holder = page.getByRole('combobox', { name: 'Holder' });
  await expect(holder).toHaveAttribute('aria-invalid', 'true');
  await expect(holder).toHaveAccessibleDescription(/Choose who holds the card\./);
  await expect(page.getByRole('textbox', { name: 'Card number' })).not.toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'item13-card-holder');
});
