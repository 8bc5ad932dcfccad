import fs from 'node:fs';
import { apiToken } from './support/api';
import { seriousFindings } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { chooseRowAction } from './support/row-menu';
import { PHONE } from './support/screens';
import { createUser, propertyWithUser } from './support/seed';

test('Profile: Download my data saves one JSON file of what Gatehouse holds about the person', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { user: resident } = await propertyWithUser(request, superadmin, mailbox, 'resident');
  await signIn(page, resident);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  const button = page.getByRole('button', { name: 'Download my data' });
  await button.scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  expect(await seriousFindings(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('profile-my-data-1280.png') });
  await page.setViewportSize(PHONE);
  await button.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('profile-my-data-390.png') });
  expect(await seriousFindings(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^gatehouse-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  expect(data.profile).toMatchObject({ email: resident.email, role: 'resident' });
  expect(data.sessions.length).toBeGreaterThan(0);
  expect(JSON.stringify(data)).not.toMatch(/passwordHash|password_hash|tokenHash/);
  await expect(page.getByText('Your data was downloaded')).toBeVisible();
});

test('a super administrator erases a person from the dashboard after a confirm in plain words', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { root, property } = await propertyWithUser(request, superadmin, mailbox, 'admin');
  const resident = await createUser(request, root, mailbox, {
    role: 'resident',
    propertyId: property._id,
    firstName: 'Ezra',
    lastName: 'Erasable',
  });
  await apiToken(request, resident);

  await signIn(page, superadmin);
  await page.goto('/dashboard');
  await page.getByRole('textbox', { name: 'Search by name or email' }).fill(resident.email);
  await expect(page.getByTestId('page-summary')).toHaveText('Showing 1 to 1 of 1');
  await chooseRowAction(page, 'Ezra Erasable', 'Erase person Ezra Erasable');
  const dialog = page.getByRole('dialog', { name: 'Erase this person?' });
  await expect(dialog).toContainText("Ezra Erasable's account, sign-ins, passkeys, cards, PIN, visitors and passes");
  await expect(dialog).toContainText('This cannot be undone.');
  await page.mouse.move(0, 0);
  expect(await seriousFindings(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('erase-person-dialog-1280.png') });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: test.info().outputPath('erase-person-dialog-390.png') });
  expect(await seriousFindings(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('page-summary')).toHaveText('Showing 1 to 1 of 1');

  await chooseRowAction(page, 'Ezra Erasable', 'Erase person Ezra Erasable');
  await dialog.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByText(/The person was erased; they now appear as Erased person #\d+\./)).toBeVisible();
  await expect(page.getByText('No users found')).toBeVisible();
  const signInAgain = await request.post('/api/resident/login', {
    data: { email: resident.email, password: resident.password, userType: 'resident' },
  });
  expect(signInAgain.status()).toBe(401);
});
