import { ACCESS_GROUP_MESSAGES } from '@core/api/access-group-messages';
import { PASS_GATE_MESSAGES } from '@core/api/pass-gates';
import { apiCall, apiToken } from './support/api';
import { seriousFindings } from './support/axe';
import { expect, signIn, signOut, test } from './support/fixtures';
import { DESKTOP, PHONE } from './support/screens';
import { createProperty, createUser, unique } from './support/seed';
import { fillVisitor, fillWallDateTime, relaySimulatorPerFile, wallHoursFromNow } from './visitors-support';

const simulator = relaySimulatorPerFile(test);
const SHOTS = 'docs/screens/issue-41';

const shootBoth = async (page: import('@playwright/test').Page, name: string) => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png` });
  }
  await page.setViewportSize(DESKTOP);
};

// Issue 41.4 and 41.5: "every resident, new ones included" is a switch the manager sees and keeps;
// a change that leaves residents in no group asks first; a resident in no group is told so in
// words and refused a pass no gate would accept; a group whose hours change nothing says so.
test('the group editor keeps every resident, warns before leaving residents out, and the resident left out is told', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const root = await apiToken(request, superadmin);
  const property = await createProperty(request, root, { propertyFeatures: ['qr', 'securepin'] });
  const gateNames = [unique('Front Gate'), unique('Pool Gate')];
  for (const deviceName of gateNames) {
    const relay = await simulator().addDevice({ protocol: 'shelly-gen1' });
    await apiCall(request, root, 'POST', '/api/device/register', {
      deviceName,
      deviceType: 'gate',
      propertyId: property._id,
      deviceIpAddress: relay.address,
    });
  }
  const manager = await createUser(request, root, mailbox, { role: 'admin', propertyId: property._id });
  const gina = await createUser(request, root, mailbox, {
    role: 'resident',
    propertyId: property._id,
    firstName: 'Gina',
    lastName: 'Group',
  });

  await signIn(page, manager);
  await page.goto('/dashboard?type=access-group');
  await page.getByRole('button', { name: 'Edit All residents' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit All residents' });
  const everyone = dialog.getByRole('switch', { name: 'Every resident, new ones included' });
  await expect(everyone).toBeChecked();
  await shootBoth(page, 'group-editor-every-resident');
  expect(await seriousFindings(page)).toEqual([]);
  // Untick one gate: the switch stays on, and so it is saved.
  await dialog.getByRole('checkbox', { name: gateNames[0] }).uncheck();
  await expect(everyone).toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'All residents' })).toContainText('every resident, new ones included');

  // A new Pool group for Gina: "All residents" already opens the pool gate to her at every hour.
  await page.getByRole('button', { name: 'New group' }).click();
  dialog = page.getByRole('dialog', { name: 'New access group' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Pool');
  await dialog.getByRole('checkbox', { name: gateNames[1] }).check();
  await dialog.getByRole('combobox', { name: 'Members' }).fill('Gina');
  await page.getByRole('option', { name: /Gina Group/ }).click();
  await expect(dialog.getByTestId('hours-covered')).toHaveText(
    "“All residents” already lets these members through this gate at every hour, so this group's hours change nothing there.",
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Turning the switch off with nobody chosen would leave Gina in no group: asked first.
  await page.getByRole('button', { name: 'Edit All residents' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit All residents' });
  await dialog.getByRole('switch', { name: 'Every resident, new ones included' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    '1 resident would be in no gate group after this change and open no gate. Press Save again to save anyway.',
  );
  await shootBoth(page, 'group-editor-left-out-warning');
  expect(await seriousFindings(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await signOut(page);

  // Gina is in no group now: told so on Gates, and her visitor's pass is refused in words.
  await signIn(page, gina);
  await page.goto('/access-gates');
  await expect(page.getByText(ACCESS_GROUP_MESSAGES.inNoGateGroup)).toBeVisible();
  await expect(page.getByText(ACCESS_GROUP_MESSAGES.inNoGateGroup)).toHaveText(
    "You aren't in any gate group yet. Ask your property manager.",
  );
  await shootBoth(page, 'gates-in-no-group');
  expect(await seriousFindings(page)).toEqual([]);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Register Visitor' })).toBeVisible();
  await fillVisitor(page, { firstName: 'Vera', lastName: 'Visitor', email: `${unique('vera')}@example.com` });
  await fillWallDateTime(page, 'Start Date', wallHoursFromNow(0));
  await fillWallDateTime(page, 'End Date', wallHoursFromNow(2));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(PASS_GATE_MESSAGES.noGateWouldAccept)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Registration Successful!' })).toHaveCount(0);
  await signOut(page);

  // The Users table's badge for her reads whole, not "NO ACCE…".
  await signIn(page, manager);
  await page.goto('/dashboard');
  const badge = page.getByText(ACCESS_GROUP_MESSAGES.noGroup, { exact: true });
  await expect(badge).toBeVisible();
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await expect(badge).toBeVisible();
    expect(await badge.evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/users-no-group-badge-${size}.png` });
  }
});
