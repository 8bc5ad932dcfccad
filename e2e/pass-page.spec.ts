import AxeBuilder from '@axe-core/playwright';
import { apiCall, apiToken } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { propertyWithUser, unique, uniqueEmail } from './support/seed';
import { smsTo } from './support/sms-outbox';
import { fillVisitor, submitRegistration } from './visitors-support';

test.use({ viewport: { width: 390, height: 844 } });

test('a visitor opens the pass from the email on a phone: the QR, its window, the state and a calendar file; a wrong link says so', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { user: resident, property } = await propertyWithUser(request, superadmin, mailbox, 'resident');
  const email = uniqueEmail('pia');
  const firstName = unique('Pia');
  await apiCall(request, await apiToken(request, resident), 'POST', '/api/visitor/register', {
    firstName,
    lastName: 'Pass',
    email,
    qrType: 'betweenDates',
    lifetimeValidity: true,
    timezone: 'America/New_York',
  });
  const mail = await mailbox.waitFor(email, (message) => /\/pass\//.test(`${message.text}`));
  const link = /https?:\/\/\S+\/pass\/[A-Za-z0-9_-]+/.exec(`${mail.text}`)?.[0];
  expect(link).toBeTruthy();

  await page.goto(new URL(link as string).pathname);
  await expect(page.getByRole('heading', { name: property.propertyName })).toBeVisible();
  await expect(page.getByText(`${firstName} Pass`)).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Valid now');
  const qr = page.getByRole('img', { name: 'Your visitor QR code' });
  await expect(qr).toBeVisible();
  expect((await qr.boundingBox())?.width).toBeGreaterThan(300);
  await expect(page.getByText(/until further notice/)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  expect((await download).suggestedFilename()).toBe('visit.ics');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('pass-phone.png'), fullPage: true });

  await page.goto('/pass/not-a-real-pass-link-0000');
  await expect(page.getByRole('alert')).toHaveText(
    'This pass link is not valid. Ask the resident who invited you to send a new one.',
  );
});

test('a resident gives the visitor a mobile number: the pass link arrives by text and opens the pass', async ({
  page,
  request,
  mailbox,
  superadmin,
  server,
}) => {
  const { user: resident } = await propertyWithUser(request, superadmin, mailbox, 'resident');
  await signIn(page, resident);
  await fillVisitor(page, { firstName: 'Tess', lastName: 'Texted', email: uniqueEmail('tess') });
  const mobile = `555${String(Date.now()).slice(-7)}`;
  await page.getByLabel("Visitor's Mobile (optional)").fill(`(${mobile.slice(0, 3)}) ${mobile.slice(3)}`);
  await page.screenshot({ path: test.info().outputPath('register-visitor-mobile.png'), fullPage: true });
  await submitRegistration(page);

  let text = '';
  await expect.poll(() => (text = smsTo(server.dataDir, `+1${mobile}`)), { timeout: 15_000 }).toMatch(/\/pass\//);
  const link = /\/pass\/[A-Za-z0-9_-]+/.exec(text)?.[0] as string;
  await page.goto(link);
  await expect(page.getByText('Tess Texted')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your visitor QR code' })).toBeVisible();
});
