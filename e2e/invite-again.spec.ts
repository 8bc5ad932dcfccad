import { apiCall, apiToken } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { propertyWithUser, unique, uniqueEmail } from './support/seed';

test('a visitor whose pass was deleted is listed under Past visitors and invited again with Register Visitor filled in', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { user: resident } = await propertyWithUser(request, superadmin, mailbox, 'resident');
  const email = uniqueEmail('again');
  const firstName = unique('Agnes');
  await apiCall(request, await apiToken(request, resident), 'POST', '/api/visitor/register', {
    firstName,
    lastName: 'Again',
    email,
    qrType: 'betweenDates',
    lifetimeValidity: true,
    timezone: 'America/New_York',
  });
  await mailbox.waitFor(email, (mail) => mail.attachments.length > 0);

  await signIn(page, resident);
  await page.goto('/visitor-list');
  const past = page.getByTestId('past-visitor');
  await expect(page.getByTestId('visitor-card')).toHaveCount(1);
  await expect(past).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete QR Code' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('visitor-card')).toHaveCount(0);
  await expect(past).toHaveCount(1);
  await expect(past).toContainText(email);
  await expect(past).toContainText('Last pass ended');

  await past.getByRole('button', { name: /Invite again/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('First Name')).toHaveValue(firstName);
  await expect(page.getByLabel('Last Name')).toHaveValue('Again');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('checkbox', { name: 'Permanent Visitor' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Registration Successful!' })).toBeVisible();
  await expect.poll(() => mailbox.to(email).filter((mail) => mail.attachments.length > 0).length).toBe(2);

  await page.goto('/visitor-list');
  await expect(page.getByTestId('visitor-card')).toContainText(email);
  await expect(past).toHaveCount(0);
});
