import { apiToken } from './support/api';
import { expect, signIn, submitSignIn, test } from './support/fixtures';
import { createProperty, createUser } from './support/seed';

test.describe('login pages', () => {
  for (const [path, title] of [
    ['/login/Resident-Login', 'Resident Login'],
    ['/login/Property-Manager-Login', 'Property Manager Login'],
    ['/login/Super-Admin', 'Super User Login'],
    ['/login/Anything-Else', 'Resident Login'],
  ]) {
    test(`${path} shows ${title}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByLabel('Email')).toBeVisible();
    });
  }

  test('a wrong password shows the server message and keeps the user signed out', async ({ page, superadmin }) => {
    await signIn(page, { ...superadmin, password: 'wrong-password' });
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login\/Super-Admin$/);
  });
});

test('the super administrator lands on the dashboard and can log out', async ({ page, superadmin }) => {
  await signIn(page, superadmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\/Super-Admin$/);
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'token')).toBeUndefined();
});

test('a deep link while signed out goes to the last role login and back after sign-in', async ({
  page,
  superadmin,
}) => {
  await signIn(page, superadmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto('/gate-logs');
  await expect(page).toHaveURL(/\/login\/Super-Admin$/);
  await submitSignIn(page, superadmin);
  await expect(page).toHaveURL(/\/gate-logs$/);

  // A page this role may not see is not where the sign-in leads: the role's own landing page is.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto('/visitor-list');
  await expect(page).toHaveURL(/\/login\/Super-Admin$/);
  await submitSignIn(page, superadmin);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a first visit to a guarded page goes to the resident login', async ({ page }) => {
  await page.goto('/visitor-list');
  await expect(page).toHaveURL(/\/login\/Resident-Login$/);
});

test('a role that is not allowed sees the 403 page; dashboard-only roles are sent home', async ({
  page,
  superadmin,
}) => {
  await signIn(page, superadmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/visitor-list');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByText("Oops! The page you're looking for does not exist.")).toBeVisible();
  await page.goto('/access-gates');
  await expect(page).toHaveURL(/\/403$/);
});

test('an expired or unreadable token cookie is dropped', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'token', value: 'garbage', url: baseURL! }]);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\/Resident-Login$/);
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'token')).toBeUndefined();
});

test('unknown paths show the 404 page with a link to the resident login', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText("Oops! The page you're looking for does not exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Go to the resident login' }).click();
  await expect(page).toHaveURL(/\/login\/Resident-Login$/);
});

test('the static pages say what docs/SPEC.md requires', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByText(/unchecked by default/)).toBeVisible();
  await expect(page.getByText(/third-party SMS provider receives your phone number/)).toBeVisible();
  await page.goto('/request-delete-user');
  await expect(page.getByText(/within 5 business days/)).toBeVisible();
  await expect(page.getByText(/removes your visitor records and your access history/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
});

test('a phone-sized screen shows the menu toggle and opens the menu', async ({ page, superadmin }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, superadmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  const toggle = page.getByRole('button', { name: 'Toggle menu' });
  await expect(toggle).toBeVisible();
  await toggle.click();
  await page.getByRole('link', { name: 'Gate Logs' }).click();
  await expect(page).toHaveURL(/\/gate-logs$/);
});

test('the native wrapper is told about logout', async ({ page, superadmin }) => {
  await page.addInitScript(() => {
    (window as unknown as { sent: string[] }).sent = [];
    (window as unknown as { ReactNativeWebView: unknown }).ReactNativeWebView = {
      postMessage: (message: string) => (window as unknown as { sent: string[] }).sent.push(message),
    };
  });
  await signIn(page, superadmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sent: string[] }).sent))
    .toEqual([JSON.stringify({ type: 'logout' })]);
});

test.describe('landing pages by role', () => {
  test('an admin lands on /register-user and a resident on /; a resident opening /dashboard is sent to /', async ({
    page,
    request,
    mailbox,
    superadmin,
  }) => {
    const rootToken = await apiToken(request, superadmin);
    const property = await createProperty(request, rootToken);
    const admin = await createUser(request, rootToken, mailbox, { role: 'admin', propertyId: property._id });
    const resident = await createUser(request, rootToken, mailbox, { role: 'resident', propertyId: property._id });

    await signIn(page, admin);
    await expect(page).toHaveURL(/\/register-user$/);
    await page.getByRole('button', { name: 'Logout' }).click();

    await signIn(page, resident);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/bulk-user-upload');
    await expect(page).toHaveURL(/\/$/);
  });
});
