import { expect, signIn, test } from './support/fixtures';
import { PHONE, shoot } from './support/screens';
import { propertyWithUser } from './support/seed';

test('an empty Register Visitor submit on a phone brings the first error into view and focuses it', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { user } = await propertyWithUser(request, superadmin, mailbox, 'resident');
  await page.setViewportSize(PHONE);
  await signIn(page, user);
  await expect(page.getByRole('heading', { name: 'Register Visitor' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit' });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  const firstName = page.getByLabel('First Name');
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(firstName).toBeFocused();
  await expect(firstName).toBeInViewport({ ratio: 1 });
  await shoot(page, 'register-visitor-first-error', ['phone']);
});
