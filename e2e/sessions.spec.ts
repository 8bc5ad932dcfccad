import { apiToken } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { createProperty, createUser } from './support/seed';

test('signing out another browser from Profile sends that browser back to the login page', async ({
  page,
  browser,
  baseURL,
  request,
  mailbox,
  superadmin,
}) => {
  const property = await createProperty(request, await apiToken(request, superadmin));
  const resident = await createUser(request, await apiToken(request, superadmin), mailbox, {
    role: 'resident',
    propertyId: property._id,
  });
  const elsewhere = await browser.newContext({ baseURL });
  const otherPage = await elsewhere.newPage();
  await signIn(otherPage, resident);
  await expect(otherPage.getByRole('link', { name: 'Profile' })).toBeVisible();

  await signIn(page, resident);
  await page.getByRole('link', { name: 'Profile' }).click();
  // Three: the other browser, this one, and the sign-in that came with accepting the invitation.
  const sessions = page.getByTestId('active-session');
  await expect(sessions).toHaveCount(3);
  await expect(sessions.filter({ hasText: 'This browser' })).toHaveCount(1);
  const others = sessions.filter({ hasNotText: 'This browser' });
  for (const left of [1, 0]) {
    await others
      .first()
      .getByRole('button', { name: /^Sign out/ })
      .click();
    await expect(others).toHaveCount(left);
  }
  // The other browser's next call to the server is refused and it signs out.
  await otherPage.getByRole('link', { name: 'Profile' }).click();
  await expect(otherPage).toHaveURL(/\/login/);
  await expect(otherPage.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await elsewhere.close();
});

test('Sign out everywhere else leaves only this browser signed in', async ({ page, request, superadmin }) => {
  await apiToken(request, superadmin);
  await apiToken(request, superadmin);
  await signIn(page, superadmin);
  await page.getByRole('link', { name: 'Profile' }).click();
  const sessions = page.getByTestId('active-session');
  await expect(sessions.first()).toBeVisible();
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(sessions).toHaveCount(1);
  await expect(sessions).toContainText('This browser');
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);
});
