import { addDays } from '../core/time/zoned-time';
import { apiCall, apiToken } from './support/api';
import { type Credentials, expect, signIn, test } from './support/fixtures';
import { type createUser, propertyWithUser, uniqueEmail } from './support/seed';
import { fillVisitor, fillWallDateTime, wallDaysFromNow } from './visitors-support';

// The visitor window screens refuse what cannot work and never lose or submit work by surprise.

async function residentOfNewProperty(
  request: Parameters<typeof apiToken>[0],
  mailbox: Parameters<typeof createUser>[2],
  superadmin: Credentials,
) {
  const { user: resident } = await propertyWithUser(request, superadmin, mailbox, 'resident');
  return { resident, token: await apiToken(request, resident) };
}

test('Register Visitor refuses a window that is over and warns about one a year ahead', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { resident } = await residentOfNewProperty(request, mailbox, superadmin);
  await signIn(page, resident);
  await fillVisitor(page, { firstName: 'Olive', lastName: 'Over', email: uniqueEmail('olive') });

  await fillWallDateTime(page, 'Start Date', { date: '2025-01-01', time: '09:00' });
  await fillWallDateTime(page, 'End Date', { date: '2025-01-02', time: '09:00' });
  await expect(page.getByText('This time window has already ended. Choose an end in the future.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();

  const far = wallDaysFromNow(400).date;
  await fillWallDateTime(page, 'Start Date', { date: far, time: '09:00' });
  await fillWallDateTime(page, 'End Date', { date: addDays(far, 1), time: '09:00' });
  await expect(
    page.getByText('This visit starts more than a year from now. Check the dates before you submit.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test('Enter in a date or time field of Register Visitor keeps editing instead of submitting', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { resident } = await residentOfNewProperty(request, mailbox, superadmin);
  const registrations: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/visitor/register')) registrations.push(sent.method());
  });
  await signIn(page, resident);
  await fillVisitor(page, { firstName: 'Ed', lastName: 'Enter', email: uniqueEmail('ed') });
  const start = wallDaysFromNow(1).date;
  await fillWallDateTime(page, 'Start Date', { date: start, time: '09:00' });
  await fillWallDateTime(page, 'End Date', { date: addDays(start, 1), time: '09:00' });
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();

  const endDate = page.getByLabel('End Date', { exact: true });
  await endDate.fill(addDays(start, 2));
  await endDate.press('Enter');
  await page.getByLabel('End Date time', { exact: true }).press('Enter');
  await page.getByLabel('Start Date', { exact: true }).press('Enter');
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog', { name: 'Registration Successful!' })).toHaveCount(0);
  expect(registrations).toEqual([]);
  await expect(endDate).toHaveValue(addDays(start, 2));
});

test('Escape in the calendar of Edit QR Code closes the calendar only, keeping the edit', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { resident, token } = await residentOfNewProperty(request, mailbox, superadmin);
  const email = uniqueEmail('esme');
  const start = wallDaysFromNow(2).date;
  await apiCall(request, token, 'POST', '/api/visitor/register', {
    firstName: 'Esme',
    lastName: 'Escape',
    email,
    qrType: 'betweenDates',
    startDate: start,
    startTime: '09:00',
    endDate: addDays(start, 1),
    endTime: '09:00',
  });
  await signIn(page, resident);
  await page.getByRole('link', { name: 'Visitor List' }).click();
  const card = page.getByTestId('visitor-card').filter({ hasText: email });
  await card.getByRole('button', { name: 'Edit QR Code' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit QR Code' });
  const endDate = editor.getByLabel('End Date', { exact: true });
  await endDate.fill(addDays(start, 3));
  await endDate.click();
  await expect(page.locator('[data-dates-dropdown]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-dates-dropdown]')).toHaveCount(0);
  await expect(editor).toBeVisible();
  await expect(endDate).toHaveValue(addDays(start, 3));

  // With the calendar closed, Escape closes the dialog as usual.
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
});

test('Edit QR Code: an earlier end names and drops the specific dates after it, so card and server agree', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { resident, token } = await residentOfNewProperty(request, mailbox, superadmin);
  const dates = [10, 15, 20].map((days) => wallDaysFromNow(days).date);
  const email = uniqueEmail('dora');
  await apiCall(request, token, 'POST', '/api/visitor/register', {
    firstName: 'Dora',
    lastName: 'Dates',
    email,
    qrType: 'randomDates',
    multipleDays: dates.map((date) => ({ date, startTime: '09:00', endTime: '17:00' })),
  });
  await signIn(page, resident);
  await page.getByRole('link', { name: 'Visitor List' }).click();
  const card = page.getByTestId('visitor-card').filter({ hasText: email });
  await expect(card.getByText(`${dates[2]}: 09:00–17:00`)).toBeVisible();

  await card.getByRole('button', { name: 'Edit QR Code' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit QR Code' });
  await editor.getByLabel('End Date', { exact: true }).fill(addDays(dates[1], 1));
  await editor.getByLabel('End Date time', { exact: true }).fill('00:00');
  await expect(editor.getByRole('status')).toHaveText(
    `Saving removes this date, which is outside the new window: ${dates[2]}.`,
  );
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('QR code updated successfully.')).toBeVisible();
  await expect(card.getByText(`${dates[2]}: 09:00–17:00`)).toHaveCount(0);
  await expect(card.getByText(`${dates[1]}: 09:00–17:00`)).toBeVisible();
  const listed = await apiCall<{ visitors: { email: string; qrCodes: { multipleDays: { date: string }[] }[] }[] }>(
    request,
    token,
    'GET',
    '/api/visitor/visitors-qr',
  );
  const code = listed.visitors.find((visitor) => visitor.email === email)!.qrCodes[0];
  expect(code.multipleDays.map((row) => row.date)).toEqual(dates.slice(0, 2));
});
