import fs from 'node:fs';
import { generate } from 'otplib/functional';
import { SECOND_FACTOR_MESSAGES } from '../core/api/second-factor';
import { LOGIN_PATHS } from '../core/roles';
import { apiCall, apiToken } from './support/api';
import { seriousFindings } from './support/axe';
import { expect, signIn, signOut, test } from './support/fixtures';
import { type RunningServer, startGatehouse } from './support/gatehouse-server';
import { chooseRowAction } from './support/row-menu';
import { shoot } from './support/screens';
import { createProperty, createUser, propertyWithUser } from './support/seed';

// A server of its own: here superadmins must enrol (ADMIN_MFA=required), unlike the shared one.
let strict: RunningServer;
test.beforeAll(async () => {
  strict = await startGatehouse({ ADMIN_MFA: 'required' });
});
test.afterAll(async () => {
  await strict.stop();
});

/** The authenticator's code for the time step after the last one used (one step of drift is accepted). */
const codeFor = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

test('a superadmin enrols an authenticator before using the app, then signs in with a code', async ({ page }) => {
  const root = strict.superadmin;
  const signInWithPassword = async () => {
    await page.goto(`${strict.baseURL}${LOGIN_PATHS.superadmin}`);
    await page.getByLabel('Email').fill(root.email);
    await page
      .getByLabel(/^Password/)
      .first()
      .fill(root.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  await signInWithPassword();
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByLabel('6-digit code').fill(await codeFor(secret));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard/);

  await signOut(page);
  await signInWithPassword();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not valid');
  // The enrolment code's step is used up; the next step's code is still within the allowed drift.
  await code.fill(await codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test('a resident turns two-step verification on from Profile and signs in with a recovery code', async ({
  page,
  context,
  baseURL,
  request,
  mailbox,
  superadmin,
}) => {
  const { user: resident } = await propertyWithUser(request, superadmin, mailbox, 'resident');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await signIn(page, resident);
  await page.getByRole('link', { name: 'Profile' }).click();
  // Said before anything is enrolled: the change ends every other session.
  await expect(page.getByText(SECOND_FACTOR_MESSAGES.changeSignsOutOthers)).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByRole('button', { name: 'Copy key' }).click();
  await expect.poll(clipboard).toBe(secret);
  // A wrong first code: no recovery codes exist yet, so none is suggested.
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(page.getByText(SECOND_FACTOR_MESSAGES.setupCodeRefused)).toBeVisible();
  await expect(page.getByText(/recovery code/)).toHaveCount(0);
  await page.getByLabel('6-digit code').fill(await codeFor(secret));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  const listed = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(listed).toHaveCount(10);
  const codes = await listed.allTextContents();
  await page.getByRole('button', { name: 'Copy codes' }).click();
  await expect.poll(clipboard).toBe(codes.join('\n'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download codes' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('gatehouse-recovery-codes.txt');
  expect(fs.readFileSync(await saved.path(), 'utf8')).toBe(`${codes.join('\n')}\n`);
  await shoot(page, 'profile-recovery-codes');
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByText('Recovery codes left: 10.')).toBeVisible();

  await signOut(page);
  await page.goto(LOGIN_PATHS.resident);
  await page.getByLabel('Email').fill(resident.email);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill(resident.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authentication code').fill(codes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText('Recovery codes left: 9.')).toBeVisible();
});

test("a super administrator resets a resident's two-step verification from the dashboard", async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { user: resident } = await propertyWithUser(request, superadmin, mailbox, 'resident');
  const residentToken = await apiToken(request, resident);
  const setup = await apiCall<{ secret: string }>(request, residentToken, 'POST', '/api/second-factor/totp/setup');
  await apiCall(request, residentToken, 'POST', '/api/second-factor/totp/confirm', {
    code: await codeFor(setup.secret),
  });
  const passwordStep = () =>
    request.post('/api/resident/login', {
      data: { email: resident.email, password: resident.password, userType: 'resident' },
    });
  expect(await (await passwordStep()).json()).toMatchObject({ secondFactorRequired: true });

  await signIn(page, superadmin);
  await page.goto('/dashboard');
  await page.getByRole('textbox', { name: 'Search by name or email' }).fill(resident.email);
  await expect(page.getByTestId('page-summary')).toHaveText('Showing 1 to 1 of 1');
  await chooseRowAction(page, null, /^Reset two-step verification of /);
  const dialog = page.getByRole('dialog', { name: 'Reset two-step verification' });
  await expect(dialog).toContainText('signed out everywhere');
  await page.mouse.move(0, 0);
  expect(await seriousFindings(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('reset-second-factor-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await (await passwordStep()).json()).toMatchObject({ secondFactorRequired: true });

  await chooseRowAction(page, null, /^Reset two-step verification of /);
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Two-step verification was reset; the user is signed out everywhere')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(await (await passwordStep()).json()).toHaveProperty('token');
  await mailbox.waitFor(resident.email, (mail) => /reset by an administrator/.test(mail.subject ?? ''));
});

test("a property's setting makes its managers set up two-step verification at their next sign-in", async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const root = await apiToken(request, superadmin);
  const property = await createProperty(request, root);
  const manager = await createUser(request, root, mailbox, { role: 'admin', propertyId: property._id });

  await signIn(page, superadmin);
  await page.goto('/dashboard?type=property');
  await page.getByRole('button', { name: `Edit ${property.propertyName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Property' });
  await dialog.getByRole('checkbox', { name: 'Property managers must use two-step verification' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await signOut(page);

  await signIn(page, manager);
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
});
