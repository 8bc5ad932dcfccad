import { bulkResidents, rowWith } from './dashboard-support';
import { apiCall, apiToken } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { type RunningRelaySimulator, startRelaySimulator } from './support/relay-simulator';
import { shoot } from './support/screens';
import { createProperty, createUser, propertyWithUser, unique, uniqueEmail } from './support/seed';
import { gateWorld, qrTokenOf, scanAtGate } from './visitors-support';

test.describe.configure({ mode: 'serial' });

let simulator: RunningRelaySimulator;
test.beforeAll(async () => {
  simulator = await startRelaySimulator();
});
test.afterAll(() => simulator.stop());

test('an admin filters, pages, searches, edits a user and refreshes a secure PIN', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const root = await apiToken(request, superadmin);
  const property = await createProperty(request, root, { propertyFeatures: ['securepin'] });
  const people = Array.from({ length: 64 }, (_, i) => ({ firstName: `Pat${i}`, lastName: 'Tenant' }));
  const zelda = unique('Zelda');
  await bulkResidents(request, root, property._id, [...people, { firstName: zelda, lastName: 'Quill' }]);
  const admin = await createUser(request, root, mailbox, { role: 'admin', propertyId: property._id });

  await signIn(page, admin);
  await expect(page).toHaveURL(/\/register-user$/);
  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: 'Residents', selected: true })).toBeVisible();
  await expect(page.getByTestId('page-summary')).toHaveText('Showing 1 to 30 of 66');

  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Resident' }).click();
  await expect(page.getByTestId('page-summary')).toHaveText('Showing 1 to 30 of 65');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  // Next carries the cursor the page before gave (keyset); Previous goes back by the one remembered.
  const pageRequest = (n: number) =>
    page.waitForRequest(
      (request) => request.url().includes('/api/resident/get-all') && request.url().includes(`page=${n}`),
    );
  const [second] = await Promise.all([pageRequest(2), page.getByRole('button', { name: 'Next' }).click()]);
  expect(new URL(second.url()).searchParams.get('cursor')).toMatch(/^\d{4}-\d\d-\d\dT.+~[0-9a-f-]{36}$/);
  await expect(page.getByTestId('page-summary')).toHaveText('Showing 31 to 60 of 65');
  await expect(page.getByTestId('page-position')).toHaveText('Page 2 of 3');
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(31);
  // The table keeps the page before on screen until the next one arrives: its first row is read from the answer.
  const secondAnswer = await second.response();
  if (!secondAnswer) throw new Error('the second page was not answered');
  const secondPageFirst = ((await secondAnswer.json()) as { users: { email: string }[] }).users[0].email;
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toContainText(secondPageFirst);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('page-summary')).toHaveText('Showing 61 to 65 of 65');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByTestId('page-summary')).toHaveText('Showing 31 to 60 of 65');
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toContainText(secondPageFirst);

  await page.getByRole('textbox', { name: 'Search by name or email' }).fill(`${zelda.toUpperCase()} qu`);
  await expect(page.getByTestId('page-summary')).toHaveText('Showing 1 to 1 of 1');
  const row = rowWith(page, zelda);
  await expect(row).toContainText(`${property.propertyName} (${property.propertyLocation})`);
  await expect(row).toContainText('No Visitors Created');
  await expect(row).toContainText('Resident');

  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveAttribute('readonly', '');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Phone Number').fill('12345');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Invalid email format')).toBeVisible();
  await expect(dialog.getByText('Phone number must be 10 digits')).toBeVisible();
  const newEmail = uniqueEmail('zelda');
  await dialog.getByLabel('Email').fill(newEmail);
  await dialog.getByLabel('Phone Number').fill('5551234567');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(newEmail);
  await expect(row).toContainText('+15551234567');

  // Masked until Reveal (no PIN read over a shoulder); a refreshed list masks it again.
  const pin = row.getByTestId('secure-pin').getByTestId('pin-value');
  const reveal = row.getByRole('button', { name: /^Reveal the secure PIN/ });
  await expect(pin).not.toHaveText(/\d/);
  await reveal.click();
  await expect(pin).toHaveText(/^\d{6}$/);
  const oldPin = await pin.textContent();
  await row.getByRole('button', { name: /^More actions for / }).click();
  await page.getByRole('menuitem', { name: /Refresh PIN/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Refresh Secure PIN' });
  await expect(confirm).toContainText('Are you sure you want to refresh the Secure PIN?');
  await confirm.getByRole('button', { name: 'Refresh PIN' }).click();
  await expect(confirm).toBeHidden();
  await expect(pin).not.toHaveText(/\d/);
  await reveal.click();
  await expect(pin).toHaveText(/^\d{6}$/);
  await expect(pin).not.toHaveText(oldPin ?? '');
});

test('deleting a visitor from the dashboard makes the gate refuse their code at once', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator);
  const admin = await createUser(request, world.rootToken, mailbox, { role: 'admin', propertyId: world.property._id });
  const visitorEmail = uniqueEmail('doomed');
  const visitorName = unique('Doomed');
  await apiCall(request, world.residentToken, 'POST', '/api/visitor/register', {
    firstName: visitorName,
    lastName: 'Guest',
    email: visitorEmail,
    qrType: 'betweenDates',
    lifetimeValidity: true,
    timezone: 'America/New_York',
  });
  const code = qrTokenOf(await mailbox.waitFor(visitorEmail, (mail) => mail.attachments.length > 0));
  expect((await scanAtGate(request, world, code)).granted).toBe(true);

  await signIn(page, admin);
  await expect(page).toHaveURL(/\/register-user$/);
  await page.goto('/dashboard?type=visitor');
  await page.getByRole('textbox', { name: 'Search by name or email' }).fill(visitorName);
  const row = rowWith(page, visitorEmail);
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: 'View QR Codes' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Visitor' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No visitors found')).toBeVisible();

  const refused = await scanAtGate(request, world, code);
  expect(refused.granted).toBe(false);
});

test('a list request still in flight when a visitor is deleted does not bring the row back', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { user: resident, property } = await propertyWithUser(request, superadmin, mailbox, 'resident');
  const visitorEmail = uniqueEmail('raced');
  const visitorName = unique('Raced');
  await apiCall(request, await apiToken(request, resident), 'POST', '/api/visitor/register', {
    firstName: visitorName,
    lastName: 'Guest',
    email: visitorEmail,
    qrType: 'betweenDates',
    lifetimeValidity: true,
    timezone: 'America/New_York',
  });

  await signIn(page, superadmin);
  await page.goto('/dashboard?type=visitor');
  const row = rowWith(page, visitorEmail);
  await expect(row).toBeVisible();
  // Across every property, the super administrator sees where the visitor is and whose they are.
  const table = page.getByRole('table', { name: 'Visitors' });
  await expect(table.getByRole('columnheader', { name: 'Property' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Host' })).toBeVisible();
  await expect(row).toContainText(property.propertyName);
  await expect(row).toContainText(resident.email);
  await shoot(page, 'item13-superadmin-visitors');

  // The search's list response is read from the server before the delete and delivered after it.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const searchAnswered = new Promise<void>((resolve) => {
    void page.route('**/api/visitor/get-all?*search=*', async (route) => {
      const response = await route.fetch();
      resolve();
      await released;
      await route.fulfill({ response }).catch(() => {});
    });
  });
  await page.getByRole('textbox', { name: 'Search by name or email' }).fill(visitorName);
  await searchAnswered;
  await row.getByRole('button', { name: 'Delete' }).click();
  const deleted = page.waitForResponse((response) => response.url().endsWith('/api/visitor/delete'));
  await page.getByRole('dialog', { name: 'Delete Visitor' }).getByRole('button', { name: 'Delete' }).click();
  expect((await deleted).status()).toBe(200);
  release();
  await expect(page.getByText('No visitors found')).toBeVisible();
  await expect(rowWith(page, visitorEmail)).toHaveCount(0);
});

test('a superadmin switches between the tables', async ({ page, request, superadmin }) => {
  const root = await apiToken(request, superadmin);
  const property = await createProperty(request, root, { propertyFeatures: ['rfid', 'securepin'] });
  const other = await createProperty(request, root);
  const [resident] = await bulkResidents(request, root, property._id, [
    { firstName: unique('Sam'), lastName: 'Super' },
  ]);

  await signIn(page, superadmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Users', 'Visitors', 'Properties', 'Devices', 'Cards', 'Access groups']);

  await page.getByRole('textbox', { name: 'Search by name or email' }).fill(resident.email);
  await expect(page.getByRole('table', { name: 'Users' })).toContainText(resident.firstName);
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('Secure PIN');
  await expect(page.getByRole('combobox', { name: 'Role' })).toBeVisible();

  await page.getByRole('tab', { name: 'Visitors' }).click();
  await expect(page).toHaveURL(/type=visitor/);
  await expect(page.getByRole('textbox', { name: 'Search by name or email' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Properties' }).click();
  await expect(page.getByRole('textbox', { name: 'Search by name or email' })).toHaveCount(0);
  const propertyRow = rowWith(page, property.propertyName);
  await expect(propertyRow.locator('.mantine-Badge-root')).toHaveText(['QR Feature', 'Secure PIN', 'RFID Access']);

  await propertyRow.getByRole('button', { name: 'Delete' }).click();
  const refusal = page.getByRole('dialog', { name: 'Delete Property' });
  await refusal.getByRole('button', { name: 'Delete' }).click();
  await expect(refusal.getByRole('alert')).toContainText('This property still has 1 resident');
  await refusal.getByRole('button', { name: 'Cancel' }).click();
  await expect(propertyRow).toBeVisible();

  await page.getByRole('tab', { name: 'Devices' }).click();
  await expect(page).toHaveURL(/type=device/);
  await expect(page.getByText('No devices available for this property.').first()).toBeVisible();
  await expect(page.getByRole('region', { name: other.propertyName })).toBeVisible();
  await page.getByRole('combobox', { name: 'Property' }).click();
  await page.getByRole('option', { name: `${property.propertyName} (${property.propertyLocation})` }).click();
  await expect(page.getByRole('region', { name: other.propertyName })).toHaveCount(0);
  await expect(page.getByRole('region', { name: property.propertyName })).toBeVisible();
});

test('a property registered in this session shows at once in the dashboard and the register-user select', async ({
  page,
  request,
  superadmin,
}) => {
  const earlier = await createProperty(request, await apiToken(request, superadmin));
  await signIn(page, superadmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('tab', { name: 'Properties' }).click();
  await expect(rowWith(page, earlier.propertyName)).toBeVisible();

  const name = unique('Juniper Point');
  await page.getByRole('link', { name: 'Register Property' }).click();
  await page.getByLabel('Property Name').fill(name);
  await page.getByLabel('Property Location').fill('12 Juniper Way');
  await page.getByRole('button', { name: 'Register Property' }).click();
  await expect(page.getByText(`Property registered successfully: ${name}`)).toBeVisible();

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('tab', { name: 'Properties' }).click();
  await expect(rowWith(page, name)).toBeVisible();
  await page.getByRole('link', { name: 'Register User' }).click();
  await page.getByRole('combobox', { name: 'Property' }).click();
  await expect(page.getByRole('option', { name: new RegExp(name) })).toBeVisible();
});
