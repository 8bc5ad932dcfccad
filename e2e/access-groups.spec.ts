import AxeBuilder from '@axe-core/playwright';
import { apiCall, apiToken } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { type RunningRelaySimulator, startRelaySimulator } from './support/relay-simulator';
import { createProperty, createUser, unique } from './support/seed';
import { userIdOf } from './visitors-support';

let simulator: RunningRelaySimulator;
test.beforeAll(async () => {
  simulator = await startRelaySimulator();
});
test.afterAll(async () => {
  await simulator.stop();
});

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Today's and tomorrow's weekday and date in the property's zone (the default, New York). */
function propertyDays() {
  const parts = (at: Date) => {
    const date = at.toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const weekday = at.toLocaleDateString('en-US', { timeZone: 'America/New_York', weekday: 'long' });
    return { date, day: DAY_NAMES.indexOf(weekday) };
  };
  const now = new Date();
  return { today: parts(now), tomorrow: parts(new Date(now.getTime() + 24 * 3600 * 1000)) };
}

test('a manager builds a group with hours and a holiday, and the resident’s Open button and PIN at a reader follow it', async ({
  page,
  browser,
  baseURL,
  request,
  mailbox,
  superadmin,
}) => {
  const root = await apiToken(request, superadmin);
  const property = await createProperty(request, root, { propertyFeatures: ['qr', 'securepin'] });
  const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
  const gateName = unique('Pool Gate');
  const { deviceKey } = await apiCall<{ deviceKey: string }>(request, root, 'POST', '/api/device/register', {
    deviceName: gateName,
    deviceType: 'gate',
    propertyId: property._id,
    deviceIpAddress: relay.address,
  });
  const manager = await createUser(request, root, mailbox, { role: 'admin', propertyId: property._id });
  const resident = await createUser(request, root, mailbox, {
    role: 'resident',
    propertyId: property._id,
    firstName: 'Gina',
    lastName: 'Group',
  });
  const { today, tomorrow } = propertyDays();
  // The resident's Secure PIN at a paired reader's keypad follows the same hours as their Open button.
  const residentToken = await apiToken(request, resident);
  const residentId = userIdOf(residentToken);
  const { securePin } = await apiCall<{ securePin: string }>(
    request,
    residentToken,
    'GET',
    `/api/resident/get-by-id/${residentId}`,
  );
  const pinAtReader = async () => {
    const reader = await browser.newPage({ baseURL });
    await reader.goto(`/reader#key=${deviceKey}`);
    const keypad = reader.getByRole('region', { name: 'Keypad' });
    await expect(keypad.getByRole('button', { name: '0', exact: true })).toBeEnabled({ timeout: 8000 });
    for (const digit of securePin) await keypad.getByRole('button', { name: digit, exact: true }).click();
    const answer = reader.getByRole('status');
    await expect(answer).not.toHaveText('');
    return reader;
  };

  await signIn(page, manager);
  await page.goto('/dashboard?type=access-group');
  await expect(page.getByRole('article', { name: 'All residents' })).toContainText('every resident');
  // Take the default group away: the Users table then marks the resident.
  await page.getByRole('button', { name: 'Delete All residents' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/No access groups: residents open no gate/)).toBeVisible();

  await page.getByRole('button', { name: 'New group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New access group' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Pool');
  await dialog.getByRole('checkbox', { name: gateName }).check();
  await dialog.getByRole('combobox', { name: 'Members' }).fill('Gina');
  await page.getByRole('option', { name: /Gina Group/ }).click();
  // Closed today; tomorrow is a holiday; a bad time is refused on its field first.
  await dialog.getByRole('button', { name: `Remove ${DAY_NAMES[today.day]} range 1` }).click();
  await dialog.getByRole('textbox', { name: `${DAY_NAMES[tomorrow.day]} range 1 from` }).fill('25:00');
  await dialog.getByRole('button', { name: 'Add a holiday or exception' }).click();
  await dialog.getByRole('textbox', { name: 'Date' }).fill(tomorrow.date);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).last().fill('Pool cleaning');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Use a time of day as HH:MM, from 00:00 to 24:00')).toBeVisible();
  await dialog.getByRole('textbox', { name: `${DAY_NAMES[tomorrow.day]} range 1 from` }).fill('06:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: 'Pool' });
  await expect(card).toContainText('1 member');
  await expect(card).toContainText('Pool cleaning');
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('access-groups-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('access-groups-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  const residentContext = await browser.newContext({ baseURL });
  const residentPage = await residentContext.newPage();
  await signIn(residentPage, resident);
  await residentPage.goto('/access-gates');
  await expect(residentPage.getByRole('button', { name: /^Not now/ })).toBeDisabled();
  await residentPage.screenshot({ path: test.info().outputPath('gates-not-now-phone.png'), fullPage: true });
  const refused = await pinAtReader();
  await expect(refused.getByRole('status')).toContainText('Not within your access hours');
  await refused.close();
  expect(await relay.pulses()).toHaveLength(0);

  // Open all day today: the resident's button opens again.
  await card.getByRole('button', { name: 'Edit Pool' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Pool' });
  await edit.getByRole('button', { name: `Add hours for ${DAY_NAMES[today.day]}` }).click();
  await edit.getByRole('textbox', { name: `${DAY_NAMES[today.day]} range 1 from` }).fill('00:00');
  await edit.getByRole('textbox', { name: `${DAY_NAMES[today.day]} range 1 to` }).fill('24:00');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await residentPage.reload();
  const open = residentPage.getByRole('button', { name: 'Open Gate' });
  await expect(open).toBeEnabled();
  await open.click();
  await expect(residentPage.getByText(/opened/i)).toBeVisible();
  const welcomed = await pinAtReader();
  await expect(welcomed.getByRole('status')).toContainText('Welcome, Gina');
  await welcomed.close();
  await residentContext.close();
});
