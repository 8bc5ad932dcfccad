import { apiToken } from './support/api';
import { moderateOrWorseFindings } from './support/axe';
import { expect, signIn, submitSignIn, test } from './support/fixtures';
import { shoot } from './support/screens';
import { createProperty, invitationToken, propertyWithUser, unique, uniqueEmail } from './support/seed';

// Every message a person sees is true and says what to do.

test('the wrong login form names the right one to the account owner only', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { user: manager } = await propertyWithUser(request, superadmin, mailbox, 'admin');

  await page.goto('/login/Resident-Login');
  await submitSignIn(page, { ...manager, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await submitSignIn(page, { ...manager, email: uniqueEmail('nobody') });
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

  await submitSignIn(page, manager);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    'This account signs in at Property Manager Login. Please use that login page instead.',
  );
  await alert.getByRole('link', { name: 'Go to Property Manager Login' }).click();
  await expect(page).toHaveURL(/\/login\/Property-Manager-Login$/);
  await submitSignIn(page, manager);
  await expect(page).toHaveURL(/\/register-user$/);
});

test('the 404 page offers a signed-in user their home, not a login', async ({ page, superadmin }) => {
  await signIn(page, superadmin);
  await page.goto('/no/such/page');
  await expect(page.getByText("Oops! The page you're looking for does not exist.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the resident login' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to your home page' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('register property: errors on the fields, and a duplicate name and location is refused on the name', async ({
  page,
  request,
  superadmin,
}) => {
  const name = unique('Juniper Court');
  await createProperty(request, await apiToken(request, superadmin), {
    propertyName: name,
    propertyLocation: '4 Juniper Way',
  });
  await signIn(page, superadmin);
  await page.goto('/register-property');
  await page.getByRole('button', { name: 'Register Property' }).click();
  const nameField = page.getByRole('textbox', { name: 'Property Name' });
  const locationField = page.getByRole('textbox', { name: 'Property Location' });
  await expect(nameField).toHaveAccessibleDescription('All fields are required');
  await expect(locationField).toHaveAccessibleDescription('All fields are required');

  await nameField.fill(`  ${name.toUpperCase()} `);
  await locationField.fill('4  juniper way');
  await page.getByRole('button', { name: 'Register Property' }).click();
  await expect(nameField).toHaveAccessibleDescription('A property with this name and location already exists.');
  await expect(page.getByText('Property registered successfully')).toHaveCount(0);
});

test('register user: every missing field says so on the field, and a pasted phone keeps its 10 digits', async ({
  page,
  superadmin,
}) => {
  await signIn(page, superadmin);
  await page.goto('/register-user');
  await page.getByRole('button', { name: 'Register User' }).click();
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveAccessibleDescription(
    'All fields are required',
  );
  await expect(page.getByRole('textbox', { name: 'Last Name' })).toHaveAccessibleDescription('All fields are required');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email is required');
  await expect(page.getByRole('combobox', { name: 'Property' })).toHaveAccessibleDescription('Property is required');

  const phone = page.getByRole('textbox', { name: 'Phone Number (optional)' });
  await phone.fill('(555) 123-4567');
  await expect(phone).toHaveValue('5551234567');
  await phone.fill('+1 555 765 4321');
  await expect(phone).toHaveValue('5557654321');
});

test('too long is refused at the limit with the limit in words, and letters in a phone number stay and are explained', async ({
  page,
  request,
  superadmin,
}) => {
  await signIn(page, superadmin);
  await page.goto('/register-user');
  const firstName = page.getByRole('textbox', { name: 'First Name' });
  const phone = page.getByRole('textbox', { name: 'Phone Number (optional)' });
  await firstName.fill('a'.repeat(100));
  await firstName.press('End');
  await firstName.press('b');
  await phone.fill('555abc');
  await page.getByRole('textbox', { name: 'Email' }).focus();
  await shoot(page, 'item3');
  // The 101st character is refused: the input stops at the limit the server keeps.
  await expect(firstName).toHaveValue('a'.repeat(100));
  await expect(firstName).toHaveAttribute('maxlength', '100');
  await expect(phone).toHaveValue('555abc');
  await expect(phone).toHaveAccessibleDescription(/Phone number can contain only digits/);
  expect(await moderateOrWorseFindings(page)).toEqual([]);

  await page.goto('/register-property');
  await expect(page.getByLabel('Property Name')).toHaveAttribute('maxlength', '200');
  await expect(page.getByLabel('Property Location')).toHaveAttribute('maxlength', '200');

  // What typing cannot send, the server still answers with the limit.
  const token = await apiToken(request, superadmin);
  const answer = await request.post('/api/resident/register', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: 'x'.repeat(101), lastName: 'Long', email: 'long@example.com', role: 'superadmin' },
  });
  expect(answer.status()).toBe(400);
  expect((await answer.json()).fieldErrors).toEqual({ firstName: 'First name can be at most 100 characters' });
});

test('a used invitation link says so as it opens, before any password is typed', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const root = await apiToken(request, superadmin);
  const property = await createProperty(request, root);
  const email = uniqueEmail('invitee');
  await request.post('/api/resident/register', {
    headers: { authorization: `Bearer ${root}` },
    data: { firstName: 'Ivy', lastName: 'Invitee', email, phoneNumber: '', role: 'resident', _id: property._id },
  });
  const token = invitationToken(await mailbox.waitFor(email, (m) => /verify-email\?_id=/.test(`${m.text}`)));

  await page.goto(`/verify-email?_id=${token}`);
  await expect(page.getByLabel('New Password')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  const used = await request.post('/api/resident/verify-email', { data: { _id: token, newPassword: 'first-pass-1' } });
  expect(used.ok()).toBe(true);
  await page.goto(`/verify-email?_id=${token}`);
  await expect(page.getByRole('alert')).toHaveText(
    'This invitation link has already been used. Sign in with your password or reset it.',
  );
  await expect(page.getByLabel('New Password')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Reset your password' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an empty gate log shows its message on screen, not in a wide table', async ({
    page,
    request,
    mailbox,
    superadmin,
  }) => {
    const { user: manager } = await propertyWithUser(request, superadmin, mailbox, 'admin');
    await signIn(page, manager);
    await page.goto('/gate-logs');
    await expect(page.getByText('No logs found for the selected criteria')).toBeInViewport({ ratio: 1 });
  });
});
