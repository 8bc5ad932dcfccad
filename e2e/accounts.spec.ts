import { apiToken } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { createProperty, createUser, invitationToken, uniqueEmail } from './support/seed';

test('an admin registers a resident, who sets a password from the emailed link and lands on /', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const rootToken = await apiToken(request, superadmin);
  const property = await createProperty(request, rootToken);
  const admin = await createUser(request, rootToken, mailbox, { role: 'admin', propertyId: property._id });

  await signIn(page, admin);
  await expect(page).toHaveURL(/\/register-user$/);
  await expect(page.getByRole('heading', { name: 'Register Resident' })).toBeVisible();
  await expect(page.getByLabel('User Type')).toHaveCount(0);

  // Every error shows on its own field, in the words of docs/SPEC.md §5.
  await page.getByRole('button', { name: 'Register Resident' }).click();
  await expect(page.getByLabel('First Name')).toHaveAccessibleDescription('All fields are required');
  await expect(page.getByLabel('Last Name')).toHaveAccessibleDescription('All fields are required');
  const email = uniqueEmail('invitee');
  await page.getByLabel('First Name').fill('Iris');
  await page.getByLabel('Last Name').fill('Invitee');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Register Resident' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address');
  await expect(page.getByLabel('First Name')).toHaveAccessibleDescription('');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Phone Number (optional)').fill('12345');
  await page.getByRole('button', { name: 'Register Resident' }).click();
  await expect(page.getByLabel('Phone Number (optional)')).toHaveAccessibleDescription(
    'Phone number must be 10 digits long and contain only numbers',
  );
  await page.getByLabel('Phone Number (optional)').fill('5551234567');
  await page.getByRole('button', { name: 'Register Resident' }).click();
  await expect(page.getByRole('dialog').getByText('User successfully created')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  await page.getByLabel('First Name').fill('Iris');
  await page.getByLabel('Last Name').fill('Again');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Register Resident' }).click();
  await expect(page.getByRole('alert')).toHaveText('A user with this email address already exists');

  const mail = await mailbox.waitFor(email, (m) => /verify-email\?_id=/.test(`${m.text}`));
  const link = /(http\S+verify-email\?_id=[A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1];
  expect(link).not.toContain('undefined');

  await page.goto(link);
  await expect(page).toHaveURL(/\/verify-email\?_id=/);
  await expect(page.getByRole('heading', { name: 'Verify Email and Set New Password' })).toBeVisible();
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('short');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByLabel('New Password')).toHaveAccessibleDescription('Please meet all password requirements');
  await page.getByLabel('New Password').fill('resident-password');
  await page.getByLabel('Confirm Password').fill('resident-passwort');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByLabel('Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
  await page.getByLabel('Confirm Password').fill('resident-password');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Visitor List' })).toBeVisible();

  // A used link says so as it opens.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('already been used');
  await expect(page.getByLabel('New Password')).toHaveCount(0);
  await expect(page).toHaveURL(/\/verify-email/);

  await signIn(page, { email, password: 'resident-password', role: 'resident' });
  await expect(page).toHaveURL(/\/$/);
  expect(invitationToken(mail)).toHaveLength(43);
});

test('a superadmin registers any role; a super user needs no property', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const property = await createProperty(request, await apiToken(request, superadmin));
  await signIn(page, superadmin);
  await page.goto('/register-user');
  await expect(page.getByRole('heading', { name: 'Register User' })).toBeVisible();

  const manager = uniqueEmail('manager');
  await page.getByLabel('First Name').fill('Max');
  await page.getByLabel('Last Name').fill('Manager');
  await page.getByLabel('Email').fill(manager);
  await page.getByRole('combobox', { name: 'User Type' }).click();
  await page.getByRole('option', { name: 'Property Manager' }).click();
  await page.getByRole('combobox', { name: 'Property' }).click();
  await page.getByRole('option', { name: new RegExp(property.propertyName) }).click();
  await page.getByRole('button', { name: 'Register User' }).click();
  await expect(page.getByRole('dialog').getByText('User successfully created')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await mailbox.waitFor(manager);

  const root = uniqueEmail('root');
  await page.getByLabel('First Name').fill('Sue');
  await page.getByLabel('Last Name').fill('Super');
  await page.getByLabel('Email').fill(root);
  await page.getByRole('combobox', { name: 'User Type' }).click();
  await page.getByRole('option', { name: 'Super User' }).click();
  await expect(page.getByRole('combobox', { name: 'Property' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Register User' }).click();
  await expect(page.getByRole('dialog').getByText('User successfully created')).toBeVisible();
  await mailbox.waitFor(root);
});
