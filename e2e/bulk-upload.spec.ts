import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { rowWith } from './dashboard-support';
import { moderateOrWorseFindings } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { propertyWithUser, unique, uniqueEmail } from './support/seed';

const readDownload = async (download: Download) => fs.readFileSync((await download.path())!, 'utf8');

async function chooseCsv(page: Page, csv: string) {
  await page.locator('input[type="file"]').setInputFiles({
    name: 'users.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
}

test('a superadmin uploads a CSV, fixes a row, creates users and exports the failures', async ({
  page,
  context,
  request,
  mailbox,
  superadmin,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { property, user: taken } = await propertyWithUser(request, superadmin, mailbox, 'resident');
  const fresh = [uniqueEmail('ada'), uniqueEmail('ben'), uniqueEmail('cy'), uniqueEmail('dee')];
  const csv = [
    'firstName,lastName,email,phoneNumber,role,propertyId',
    `Ada,One,${fresh[0].toUpperCase()},5551230001,Resident,${property._id}`,
    '',
    `Ben,Two,${fresh[1]},,Property Manager,${property._id}`,
    `Cy,Three,${fresh[2]},(555) 123-0003,resident,${property._id}`,
    `Dee,Four,${fresh[3]},12345,resident,${property._id}`,
    `Eve,Five,${taken.email},,resident,${property._id}`,
    '',
  ].join('\r\n');

  await signIn(page, superadmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/bulk-user-upload');
  await page.getByRole('button', { name: `Copy ${property._id}` }).click();
  await expect(page.getByRole('button', { name: `Copy ${property._id}` })).toHaveText('Copied');
  await expect(page.getByRole('button', { name: 'Copy property manager' })).toHaveText('Copy');

  const templateDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV Template' }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe('user_template.csv');
  expect(await readDownload(template)).toBe('firstName,lastName,email,phoneNumber,role,propertyId\r\n');

  await chooseCsv(page, csv);
  const rows = page.getByRole('table', { name: 'Users to create' }).getByRole('row');
  await expect(rows).toHaveCount(6);
  // The row with an error comes first, the summary counts it, and Create says why it waits.
  await expect(page.getByTestId('bulk-summary')).toHaveText('5 rows, 1 with errors');
  await expect(page.getByLabel('Email of row 1')).toHaveValue(fresh[3]);
  await expect(page.getByRole('combobox', { name: 'Role of row 3' })).toHaveValue('Property Manager');
  await expect(page.getByText('Phone number must be exactly 10 digits.')).toBeVisible();
  const create = page.getByRole('button', { name: 'Create Users' });
  await expect(create).toBeDisabled();
  await expect(page.getByText('Create Users is available once the row with errors is fixed or removed.')).toBeVisible();

  await page.getByLabel('Email of row 2').fill('broken@');
  await expect(page.getByText('Invalid email address.')).toBeVisible();
  await expect(page.getByTestId('bulk-summary')).toHaveText('5 rows, 2 with errors');
  await page.getByLabel('Email of row 2').fill(fresh[0]);
  await page.getByLabel('Phone of row 1').fill('555-123-0004');
  await expect(page.getByText('Phone number must be exactly 10 digits.')).toBeHidden();
  await expect(page.getByTestId('bulk-summary')).toHaveText('5 rows, 0 with errors');
  await expect(create).toBeEnabled();
  await create.click();

  await expect(page.getByRole('status')).toHaveText(
    'Bulk upload completed with 4 successful uploads and 1 failed upload',
  );
  const dialog = page.getByRole('dialog', { name: '1 user failed to upload' });
  await expect(rowWith(page, taken.email)).toContainText('A user with this email already exists.');
  const errorsDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export CSV' }).click();
  const errors = await errorsDownload;
  expect(errors.suggestedFilename()).toBe('errors.csv');
  expect(await readDownload(errors)).toBe(`email,message\r\n${taken.email},A user with this email already exists.\r\n`);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(rows).toHaveCount(2);

  for (const email of fresh) await mailbox.waitFor(email, (mail) => /verify-email\?_id=/.test(`${mail.text}`));
});

test('an admin uploads residents of their own property only, without role or property columns', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { property, user: admin } = await propertyWithUser(request, superadmin, mailbox, 'admin');
  const email = uniqueEmail('ida');
  const name = unique('Ida');

  await signIn(page, admin);
  await expect(page).toHaveURL(/\/register-user$/);
  await page.goto('/bulk-user-upload');
  await expect(page.getByText('Property IDs')).toHaveCount(0);
  const templateDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV Template' }).click();
  expect(await readDownload(await templateDownload)).toBe('firstName,lastName,email,phoneNumber\r\n');

  await page.getByRole('button', { name: 'Add User' }).click();
  const table = page.getByRole('table', { name: 'Users to create' });
  await expect(table.getByRole('columnheader')).toHaveText(['First Name', 'Last Name', 'Email', 'Phone', 'Action']);
  await page.getByLabel('First Name of row 1').fill(name);
  await page.getByLabel('Last Name of row 1').fill('Admin-made');
  await page.getByLabel('Email of row 1').fill(email);
  await page.getByRole('button', { name: 'Create Users' }).click();
  await expect(page.getByRole('status')).toHaveText('Bulk upload completed successfully');

  await page.goto('/dashboard');
  await page.getByRole('textbox', { name: 'Search by name or email' }).fill(name);
  const row = rowWith(page, email);
  await expect(row).toContainText(property.propertyName);
  await expect(row).toContainText('Resident');
});

test('the same email twice in a file is caught on the row before upload, and only failed rows stay after a partial one', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { property, user: taken } = await propertyWithUser(request, superadmin, mailbox, 'resident');
  const twice = uniqueEmail('twice');
  const other = uniqueEmail('other');
  const csv = [
    'firstName,lastName,email,phoneNumber,role,propertyId',
    `Tom,Twice,${twice},,resident,${property._id}`,
    `Tim,Twice,${twice.toUpperCase()},,resident,${property._id}`,
    `Ola,Other,${other},,resident,${property._id}`,
    `Tay,Taken,${taken.email},,resident,${property._id}`,
  ].join('\n');

  await signIn(page, superadmin);
  await page.goto('/bulk-user-upload');
  await chooseCsv(page, csv);
  await expect(page.getByTestId('bulk-summary')).toHaveText('4 rows, 1 with errors');
  await expect(page.getByText('This email appears more than once in the upload.')).toBeVisible();
  await expect(page.getByLabel('First Name of row 1')).toHaveValue('Tim');
  await expect(page.getByRole('button', { name: 'Create Users' })).toBeDisabled();
  await page.getByRole('button', { name: 'Remove', exact: true }).first().click();

  await page.getByRole('button', { name: 'Create Users' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Bulk upload completed with 2 successful uploads and 1 failed upload',
  );
  await page
    .getByRole('dialog', { name: '1 user failed to upload' })
    .getByRole('button', { name: 'Close', exact: true })
    .click();
  const rows = page.getByRole('table', { name: 'Users to create' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByLabel('Email of row 1')).toHaveValue(taken.email);
  await expect(page.getByTestId('bulk-summary')).toHaveText('1 row, 0 with errors');
});

test('a CSV over the size limit is refused on the screen, in words, before anything is read or sent', async ({
  page,
  superadmin,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/resident/bulk-upload')) sent.push(request.url());
  });
  const row = 'Ann,Lee,ann@example.com,5551230001,resident,p1\r\n';
  const csv = `firstName,lastName,email,phoneNumber,role,propertyId\r\n${row.repeat(Math.ceil((3.5 * 1024 * 1024) / row.length))}`;

  await signIn(page, superadmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/bulk-user-upload');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'everyone.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  await expect(
    page.getByText(
      '“everyone.csv” is 3.5 MB, and a CSV file can be at most 1 MB. Split it into smaller files and upload them one at a time.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users to create' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create Users' })).toBeDisabled();
  expect(sent).toEqual([]);
  expect(await moderateOrWorseFindings(page)).toEqual([]);
});
