import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { addDays } from '../core/time/zoned-time';
import { apiCall, apiToken } from './support/api';
import { moderateOrWorseFindings } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { chooseRowAction } from './support/row-menu';
import { PHONE } from './support/screens';
import { createProperty, createUser, uniqueEmail } from './support/seed';
import { wallDaysFromNow } from './visitors-support';

async function exportedCsv(page: Page): Promise<string> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  return fs.readFileSync((await (await downloading).path())!, 'utf8');
}

test('a manager enrols a card and edits a visitor window; Activity shows both with before and after, and exports them', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  // Three accounts made through their invitations, a registration, a card and a window: more than the default minute.
  test.setTimeout(240_000);
  const root = await apiToken(request, superadmin);
  const property = await createProperty(request, root, { propertyFeatures: ['qr', 'rfid'] });
  const manager = await createUser(request, root, mailbox, {
    role: 'admin',
    propertyId: property._id,
    firstName: 'Morgan',
    lastName: 'Lee',
  });
  const resident = await createUser(request, root, mailbox, {
    role: 'resident',
    propertyId: property._id,
    firstName: 'Fiona',
    lastName: 'Fob',
  });
  const start = wallDaysFromNow(2).date;
  const registered = await apiCall<{ _id: string; qrCodeId: string }>(
    request,
    await apiToken(request, resident),
    'POST',
    '/api/visitor/register',
    {
      firstName: 'Ana',
      lastName: 'Lopez',
      email: uniqueEmail('ana'),
      qrType: 'betweenDates',
      startDate: start,
      startTime: '09:00',
      endDate: start,
      endTime: '17:00',
    },
  );

  await signIn(page, manager);
  await page.goto('/dashboard?type=card');
  await page.getByRole('combobox', { name: 'Holder' }).fill('Fiona');
  await page.getByRole('option', { name: new RegExp(resident.email) }).click();
  await page.getByRole('textbox', { name: 'Card number' }).fill('123:45678');
  await page.getByRole('textbox', { name: 'Label' }).fill('Blue fob');
  await page.getByRole('button', { name: 'Enrol card' }).click();
  await expect(
    page.getByRole('table', { name: 'Cards' }).getByRole('row').filter({ hasText: 'Fiona Fob' }),
  ).toBeVisible();

  // No screen lets a manager edit a pass's window (the Visitor List is a resident's, the QR page a
  // super administrator's), but the API does, for their property's passes.
  await apiCall(
    request,
    await apiToken(request, manager),
    'PUT',
    `/api/visitor/visitors-qr/${registered._id}/update-qrcodes`,
    {
      _id: registered.qrCodeId,
      qrType: 'betweenDates',
      startDate: `${addDays(start, 1)} 10:00`,
      endDate: `${addDays(start, 1)} 18:00`,
      lifetimeValidity: false,
    },
  );

  // Reached from the menu, where Gate Logs is.
  await page.getByRole('link', { name: 'Activity', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Activity' });
  const enrolled = table.getByRole('row').filter({ hasText: "Enrolled card 'Blue fob' for Fiona Fob" });
  await expect(enrolled).toContainText('Morgan Lee');
  await expect(enrolled.getByTestId('change').filter({ hasText: 'Label:' })).toHaveText('Label: Blue fob');
  await expect(enrolled.getByTestId('change').filter({ hasText: 'Hint:' })).toHaveText('Hint: FC 123, card …678');
  const edited = table.getByRole('row').filter({ hasText: "Changed the window of Ana Lopez's pass" });
  await expect(edited.getByTestId('change').filter({ hasText: 'Start:' })).toHaveText(
    `Start: ${start} 09:00 → ${addDays(start, 1)} 10:00`,
  );
  await expect(edited.getByTestId('change').filter({ hasText: 'Start:' }).getByTestId('before')).toHaveCSS(
    'text-decoration-line',
    'line-through',
  );
  await expect(edited.getByTestId('change').filter({ hasText: 'End:' })).toHaveText(
    `End: ${start} 17:00 → ${addDays(start, 1)} 18:00`,
  );
  await expect(table.getByRole('row').filter({ hasText: 'Morgan Lee signed in' }).first()).toBeVisible();

  // Filters: the passes only, then the card actions of the manager.
  await page.getByRole('combobox', { name: 'Object' }).click();
  await page.getByRole('option', { name: 'Pass', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText("Changed the window of Ana Lopez's pass");
  await page.reload(); // the filters start afresh
  await page.getByRole('combobox', { name: 'Action' }).fill('Enrolled');
  await page.getByRole('option', { name: 'Enrolled a card' }).click();
  await page.getByRole('combobox', { name: 'Person acting' }).click();
  await page.getByRole('option', { name: /Morgan Lee/ }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText("Enrolled card 'Blue fob' for Fiona Fob");
  await page.reload();
  await expect(table).toContainText("Changed the window of Ana Lopez's pass");

  await page.mouse.move(0, 0);
  expect(await moderateOrWorseFindings(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('activity-desktop.png'), fullPage: true });

  const csv = await exportedCsv(page);
  expect(csv).toContain("Enrolled card 'Blue fob' for Fiona Fob");
  expect(csv).toContain(`start: ${start} 09:00 → ${addDays(start, 1)} 10:00`);
  expect(csv).not.toContain('45678');

  await page.setViewportSize(PHONE);
  const cards = page.getByRole('list', { name: 'Activity' });
  await expect(
    cards.getByTestId('activity-row').filter({ hasText: "Changed the window of Ana Lopez's pass" }),
  ).toBeVisible();
  expect(await moderateOrWorseFindings(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('activity-phone.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The Users table links each person to the changes they made.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  await chooseRowAction(page, 'Morgan Lee', 'Changes by Morgan Lee');
  await expect(page).toHaveURL(/\/activity\?actorId=/);
  await expect(page.getByRole('combobox', { name: 'Person acting' })).toHaveValue(/Morgan Lee/);
  await expect(table).toContainText("Enrolled card 'Blue fob' for Fiona Fob");
  await expect(table).not.toContainText('Fiona Fob signed in');
});
