import { apiCall } from './support/api';
import { seriousFindings } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { createUser, uniqueEmail } from './support/seed';
import {
  fillVisitor,
  fillWallDateTime,
  gateWorld,
  relaySimulatorPerFile,
  submitRegistration,
  wallDaysFromNow,
} from './visitors-support';

const simulator = relaySimulatorPerFile(test);
// A browser far from the property (New York): its own clock must not leak into the pass's times.
test.use({ timezoneId: 'Europe/Berlin' });

test('a delivery pass ends at the same words on the resident list and the courier page, on the property clock', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const { pass } = await apiCall<{ pass: { link: string; endsAt: string } }>(
    request,
    world.residentToken,
    'POST',
    '/api/delivery-passes',
    { company: 'Parcel Co', hours: 3, uses: 1 },
  );
  const expected = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  })
    .format(new Date(pass.endsAt))
    .replace(/^(\d\d:\d\d) /, '$1 ');

  await signIn(page, world.resident);
  await page.goto('/visitor-list');
  const onList = page.getByTestId('delivery-pass').getByTestId('delivery-pass-until');
  await expect(onList).toContainText(/ E[SD]T$/);
  const listed = ((await onList.textContent()) ?? '').replace(/^ · until /, '');
  expect(listed).toContain(expected);

  await page.goto(new URL(pass.link).pathname);
  await expect(page.getByTestId('delivery-pass-until')).toHaveText(listed);
});

/** The short weekday ("Tue") of a wall date. */
const weekdayOf = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });

test('Register Visitor and the pass page write the same 24-hour times, and "9am" is understood where a time is typed', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const email = uniqueEmail('tia');
  const tomorrow = wallDaysFromNow(1).date;
  await signIn(page, world.resident);
  await fillVisitor(page, { firstName: 'Tia', lastName: 'Time', email });
  await fillWallDateTime(page, 'Start Date', { date: tomorrow, time: '00:00' });
  const start = page.getByLabel('Start Date time', { exact: true });
  // Not the browser's own time input, which writes midnight as "12:00 AM" in a 12-hour locale.
  await expect(start).not.toHaveAttribute('type', 'time');
  await expect(start).toHaveValue('00:00');
  await page.getByLabel('End Date', { exact: true }).fill(tomorrow);
  const end = page.getByLabel('End Date time', { exact: true });
  await end.fill('9am');
  await end.blur();
  await expect(end).toHaveValue('09:00');
  // The hour picker beside it gives the same 24-hour text.
  await page.getByRole('button', { name: 'Pick an hour' }).nth(1).click();
  await page.getByRole('menuitem', { name: '17:00' }).click();
  await expect(end).toHaveValue('17:00');
  await page.screenshot({ path: test.info().outputPath('register-visitor-times-desktop.png'), fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('register-visitor-times-phone.png'), fullPage: true });
  await submitRegistration(page);

  const mail = await mailbox.waitFor(email, (message) => /\/pass\//.test(`${message.text}`));
  const link = /https?:\/\/\S+\/pass\/[A-Za-z0-9_-]+/.exec(`${mail.text}`)?.[0] ?? '';
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('Valid:', { exact: true }).locator('xpath=..')).toHaveText(
    /^Valid: from \w{3}, \w{3} \d{1,2}, \d{4} 00:00 E[SD]T to \w{3}, \w{3} \d{1,2}, \d{4} 17:00 E[SD]T$/,
  );
  await page.screenshot({ path: test.info().outputPath('pass-times-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('pass-times-desktop.png'), fullPage: true });
});

test('a closed gate says when it opens on the property clock with its zone, not the browser’s', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const { groups } = await apiCall<{ groups: { _id: string; name: string; gateIds: string[]; memberIds: string[] }[] }>(
    request,
    world.rootToken,
    'GET',
    `/api/properties/${world.property._id}/access-groups`,
  );
  // Open only from 06:00 the day after tomorrow (New York): closed now, whatever the hour.
  const opens = wallDaysFromNow(2).date;
  const day = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][new Date(`${opens}T12:00:00Z`).getUTCDay()];
  for (const group of groups) {
    await apiCall(request, world.rootToken, 'PUT', `/api/access-groups/${group._id}`, {
      name: group.name,
      gateIds: group.gateIds,
      memberIds: group.memberIds,
      schedule: { weekly: { [day]: [{ from: '06:00', to: '07:00' }] }, exceptions: [] },
    });
  }
  await signIn(page, world.resident);
  await page.goto('/access-gates');
  const button = page.getByRole('button', { name: /^Not now/ });
  await expect(button).toBeDisabled();
  await expect(button).toHaveText(new RegExp(`^Not now \\(opens ${weekdayOf(opens)} 06:00 E[SD]T\\)$`));
  await page.screenshot({ path: test.info().outputPath('gate-not-now-desktop.png'), fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('gate-not-now-phone.png'), fullPage: true });
});

test('Profile’s sessions and Activity’s When read on the property clock, zone named, in a browser far away', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const manager = await createUser(request, world.rootToken, mailbox, {
    role: 'admin',
    propertyId: world.property._id,
  });
  await signIn(page, manager);
  await page.goto('/profile');
  const session = page.getByTestId('active-session').first();
  await expect(session).toContainText(/last active \w{3}, \w{3} \d{1,2}, \d{4} \d\d:\d\d E[SD]T/);
  await session.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('profile-sessions-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await session.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('profile-sessions-phone.png') });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/activity');
  const when = page.getByTestId('activity-row').first().getByRole('cell').first();
  await expect(when).toHaveText(/^\w{3}, \w{3} \d{1,2}, \d{4} \d\d:\d\d E[SD]T$/);
  // Whole in its column at 1280 px, not cut to "Sat, Nov 28, 2026 …".
  expect(
    await when.evaluate((cell) => [...cell.querySelectorAll('*')].every((e) => e.scrollWidth <= e.clientWidth)),
  ).toBe(true);
  await page.screenshot({ path: test.info().outputPath('activity-when-desktop.png') });
  expect(await seriousFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('activity-when-phone.png') });
});
