import { apiCall } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { uniqueEmail } from './support/seed';
import {
  fillWallDateTime,
  gateWorld,
  qrTokenOf,
  relaySimulatorPerFile,
  scanAtGate,
  wallHoursFromNow,
} from './visitors-support';

const simulator = relaySimulatorPerFile(test);

test('superadmin QR page: exact edit messages, expire moves a code to Expired and the gate refuses it, delete removes it', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const email = uniqueEmail('paged');
  const start = wallHoursFromNow(-1);
  const end = wallHoursFromNow(3);
  const registration = async (firstName: string) =>
    apiCall<{ _id: string; qrCodeId: string }>(request, world.residentToken, 'POST', '/api/visitor/register', {
      firstName,
      lastName: 'Paged',
      email,
      qrType: 'betweenDates',
      startDate: start.date,
      startTime: start.time,
      endDate: end.date,
      endTime: end.time,
      lifetimeValidity: false,
      recurringDays: [],
      multipleDays: [],
    });
  const first = await registration('Paula');
  await registration('Other');
  const token = qrTokenOf(await mailbox.waitFor(email, (m) => /Hello Paula/.test(m.text ?? '')));
  expect((await scanAtGate(request, world, token)).granted).toBe(true);

  await signIn(page, superadmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/visitor/${first._id}/qr-codes`);
  const active = page.getByRole('region', { name: 'Active QR codes' });
  const expired = page.getByRole('region', { name: 'Expired QR codes' });
  await expect(active.getByRole('row', { name: /Paged/ })).toHaveCount(2);
  await expect(expired.getByText('No expired QR codes')).toBeVisible();

  // Edit panel messages.
  await active.getByRole('button', { name: 'Edit' }).first().click();
  const panel = page.getByRole('region', { name: 'Edit QR code' });
  await fillWallDateTime(page, 'Start Date', { date: '2030-01-10', time: '10:00' }, panel);
  await fillWallDateTime(page, 'End Date', { date: '2030-01-09', time: '12:00' }, panel);
  await expect(panel.getByText('End date cannot be before start date.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
  await fillWallDateTime(page, 'End Date', { date: '2030-01-10', time: '09:00' }, panel);
  await expect(panel.getByText('End date and time must be later than start date and time.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Cancel' }).click();

  // Expire the code whose email we decoded: it asks first, and Cancel changes nothing.
  const expireButton = active.getByRole('row', { name: /Paula Paged/ }).getByRole('button', { name: 'Expire' });
  await expireButton.click();
  const confirm = page.getByRole('dialog', { name: 'Expire QR Code' });
  await expect(confirm).toContainText('The gate stops accepting this QR code now');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(active.getByRole('row', { name: /Paula Paged/ })).toHaveCount(1);
  expect((await scanAtGate(request, world, token)).granted).toBe(true);
  await expireButton.click();
  await confirm.getByRole('button', { name: 'Expire' }).click();
  await expect(page.getByText('QR code expired successfully!')).toBeVisible();
  await expect(active.getByRole('row', { name: /Paula Paged/ })).toHaveCount(0);
  await expect(active.getByRole('row', { name: /Other Paged/ })).toHaveCount(1);
  await expect(expired.getByRole('row', { name: /Paula Paged/ })).toHaveCount(1);
  expect(await scanAtGate(request, world, token)).toEqual({
    granted: false,
    reason: 'QR code has expired',
    notice: 'This pass has expired',
  });

  // Expired codes can still be edited, then deleted for good.
  await expired.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete QR Code' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('QR code deleted successfully!')).toBeVisible();
  await expect(expired.getByText('No expired QR codes')).toBeVisible();
  expect(await scanAtGate(request, world, token)).toEqual({
    granted: false,
    reason: 'QR code not recognised',
    notice: 'This code is not a valid pass',
  });

  await active.getByRole('button', { name: 'Edit' }).click();
  await fillWallDateTime(page, 'End Date', wallHoursFromNow(48), panel);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('QR code updated successfully!')).toBeVisible();
});
