import { VISITOR_MESSAGES } from '../core/visitor-form/visitor-messages';
import { apiCall, apiToken } from './support/api';
import { moderateOrWorseFindings } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { DESKTOP, PHONE } from './support/screens';
import { propertyWithUser, unique, uniqueEmail } from './support/seed';

test('after the success dialog has closed, Visitor List copies a pass link and emails the pass again', async ({
  page,
  request,
  mailbox,
  superadmin,
  baseURL,
}) => {
  const { user: resident } = await propertyWithUser(request, superadmin, mailbox, 'resident');
  const email = uniqueEmail('share');
  await apiCall(request, await apiToken(request, resident), 'POST', '/api/visitor/register', {
    firstName: unique('Sunny'),
    lastName: 'Share',
    email,
    qrType: 'betweenDates',
    lifetimeValidity: true,
    timezone: 'America/New_York',
  });
  const first = await mailbox.waitFor(email, (mail) => mail.attachments.length > 0);
  const emailedLink = /https?:\/\/\S+\/pass\/[A-Za-z0-9_-]+/.exec(`${first.text}`)?.[0];
  expect(emailedLink).toBeTruthy();

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signIn(page, resident);
  await page.goto('/visitor-list');
  const code = page.getByTestId('qr-code-section');
  await code.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText(VISITOR_MESSAGES.linkCopied)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/pass\/[A-Za-z0-9_-]+$/);
  expect(new URL(copied).pathname).toBe(new URL(`${emailedLink}`).pathname);

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await expect(code.getByRole('button', { name: 'Resend' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`visitor-list-share-${size}.png`) });
  }
  expect(await moderateOrWorseFindings(page)).toEqual([]);

  await code.getByRole('button', { name: 'Resend' }).click();
  const dialog = page.getByRole('dialog', { name: VISITOR_MESSAGES.resendTitle });
  await expect(dialog).toContainText(VISITOR_MESSAGES.resendConfirm(email));
  await dialog.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText(VISITOR_MESSAGES.resent(email))).toBeVisible();
  await expect.poll(() => mailbox.to(email).filter((mail) => mail.attachments.length > 0).length).toBe(2);
  expect(mailbox.to(email)[1].text).toContain(new URL(copied).pathname);

  await page.goto(copied);
  await expect(page.getByRole('img', { name: 'Your visitor QR code' })).toBeVisible();
});
