import { WEEKDAYS } from '../core/constants';
import { addDays, weekdayIndexOf } from '../core/time/zoned-time';
import { apiCall, apiToken } from './support/api';
import { moderateOrWorseFindings } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { afterPulseHold } from './support/relay-simulator';
import { PHONE, shoot } from './support/screens';
import { createProperty, uniqueEmail } from './support/seed';
import {
  chooseDateOption,
  fillVisitor,
  fillWallDateTime,
  gateWorld,
  qrTokenOf,
  relaySimulatorPerFile,
  scanAtGate,
  submitRegistration,
  wallDaysFromNow,
  wallHoursFromNow,
} from './visitors-support';

const simulator = relaySimulatorPerFile(test);

test('between dates: registered, emailed, opens inside its window, listed, edited, notifies on arrival', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const email = uniqueEmail('vera');
  await signIn(page, world.resident);
  await expect(page.getByRole('heading', { name: 'Register Visitor' })).toBeVisible();

  await fillVisitor(page, { firstName: 'Vera', lastName: 'Visitor', email: email.toUpperCase() });
  await fillWallDateTime(page, 'Start Date', wallHoursFromNow(-1));
  await fillWallDateTime(page, 'End Date', wallHoursFromNow(-1));
  await expect(page.getByText('End Date and Time cannot be earlier than Start Date and Time')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await fillWallDateTime(page, 'End Date', wallHoursFromNow(2));
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await submitRegistration(page);

  const mail = await mailbox.waitFor(email);
  const copy = await mailbox.waitFor(world.resident.email, (m) =>
    /Visitor QR code for Vera Visitor/.test(m.subject ?? ''),
  );
  expect(mail.text).toContain(world.property.propertyName);
  expect(mail.text).toContain(world.property.propertyLocation);
  const token = qrTokenOf(mail);
  expect(qrTokenOf(copy)).toBe(token);

  expect(await scanAtGate(request, world, token)).toEqual({
    granted: true,
    reason: 'Access granted',
    visitor: { firstName: 'Vera', lastName: 'Visitor' },
  });
  await expect.poll(async () => (await world.relay.pulses()).length).toBe(1);

  await page.getByRole('link', { name: 'Visitor List' }).click();
  const card = page.getByTestId('visitor-card').filter({ hasText: email });
  await expect(card.getByText('Vera Visitor')).toHaveCount(2);
  // Each visitor once, with a Valid/Expired badge; the page leads with the visitors, the one
  // delivery-pass form comes after them (on a phone it used to fill the whole first screen).
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('visitor-validity')).toHaveText('Valid');
  const passes = page.getByRole('region', { name: 'Delivery passes' });
  await expect(passes).toHaveCount(1);
  const passesTop = (await passes.boundingBox())?.y ?? 0;
  expect(passesTop).toBeGreaterThan((await card.boundingBox())?.y ?? Number.POSITIVE_INFINITY);
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  await expect(card).toBeInViewport();
  if (size) await page.setViewportSize(size);
  await shoot(page, 'item13-visitor-list');

  // Arrival notification: consent first, then an email to the resident when the code opens the gate.
  await apiCall(request, world.residentToken, 'POST', `/api/resident/update-preferences/${world.resident.id}`, {
    email: true,
    sms: false,
  });
  await card.getByLabel('Arrival notification', { exact: true }).click();
  const consent = page.getByRole('dialog', { name: 'Enable Notifications' });
  await expect(
    consent.getByText(
      'By checking this checkbox, you are enabling email and SMS notifications for when this visitor arrives.',
    ),
  ).toBeVisible();
  await consent.getByRole('button', { name: 'Agree and proceed' }).click();
  await expect(card.getByLabel('Arrival notification', { exact: true })).toBeChecked();
  await afterPulseHold();
  expect((await scanAtGate(request, world, token)).granted).toBe(true);
  const arrival = await mailbox.waitFor(world.resident.email, (m) => /has arrived/.test(m.subject ?? ''));
  expect(arrival.text).toContain('Vera Visitor arrived at');

  // Edit the time to tomorrow: the gate refuses it now.
  await card.getByRole('button', { name: 'Edit QR Code' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit QR Code' });
  await fillWallDateTime(page, 'End Date', wallHoursFromNow(-3), editor);
  await expect(editor.getByText('End date must be after start date.')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await fillWallDateTime(page, 'Start Date', wallDaysFromNow(1), editor);
  await fillWallDateTime(page, 'End Date', wallDaysFromNow(2), editor);
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('QR code updated successfully.')).toBeVisible();
  expect(await scanAtGate(request, world, token)).toMatchObject({
    granted: false,
    reason: 'QR code is not valid yet',
    notice: expect.stringMatching(/^This pass is not valid until \w{3}, \w{3} \d+, \d{4} \d\d:\d\d [A-Z]{2,5}$/),
  });
  await expect.poll(async () => (await world.relay.pulses()).length).toBe(2);

  await card.getByRole('button', { name: 'Delete QR Code' }).click();
  await page
    .getByRole('dialog', { name: 'Delete QR Code' })
    .getByText('Are you sure you want to delete this QR code?')
    .isVisible();
  await page.getByRole('dialog', { name: 'Delete QR Code' }).getByRole('button', { name: 'Delete' }).click();
  // A success looks like one: green, with a check (it once came with a red stripe).
  const deleted = page.locator('[data-tone]', { hasText: 'QR code deleted successfully.' });
  await expect(deleted).toHaveAttribute('data-tone', 'success');
  await expect(deleted.locator('svg path').first()).toHaveAttribute('d', 'M5 12l5 5L20 7');
  const [red, green, blue] = (
    await deleted.evaluate((el) => getComputedStyle(el).getPropertyValue('--notification-color'))
  )
    .match(/\d+/g)
    ?.map(Number) ?? [255, 0, 0];
  expect(green).toBeGreaterThan(red);
  expect(green).toBeGreaterThan(blue);
  await shoot(page, 'item13-success-toast');
  await expect(page.getByText('No visitors found')).toBeVisible();
  expect(await scanAtGate(request, world, token)).toEqual({
    granted: false,
    reason: 'QR code has expired',
    notice: 'This pass has expired',
  });
});

test('recurring weekdays: today opens the gate, another weekday does not', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const today = wallDaysFromNow(0).date;
  const weekday = (date: string) => WEEKDAYS[weekdayIndexOf(date)];
  await signIn(page, world.resident);

  const tokens: string[] = [];
  for (const day of [weekday(today), weekday(addDays(today, 1))]) {
    const email = uniqueEmail('weekly');
    await chooseDateOption(page, 'Recurring Weekdays');
    await fillVisitor(page, { firstName: 'Wes', lastName: 'Weekly', email });
    await page.getByRole('combobox', { name: 'Add a weekday' }).click();
    await page.getByRole('option', { name: day }).click();
    await expect(page.getByLabel(`${day} start time`)).toHaveValue('00:00');
    await expect(page.getByLabel(`${day} end time`)).toHaveValue('23:59');
    await page.getByLabel(`${day} start time`).fill('18:00');
    await page.getByLabel(`${day} end time`).fill('09:00');
    await expect(page.getByText('Start time cannot be after the end time.')).toBeVisible();
    await expect(page.getByText('Please correct the recurring days errors.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await page.getByLabel(`${day} start time`).fill('00:00');
    await page.getByLabel(`${day} end time`).fill('23:59');
    // Today's pass gets a last day a week ahead; the email names it.
    const lastDay = day === weekday(today) ? addDays(today, 7) : null;
    if (lastDay) {
      await page.getByLabel('Last day (optional)').fill(lastDay);
      await page.getByLabel('Last day (optional)').press('Tab');
    }
    await submitRegistration(page);
    const mail = await mailbox.waitFor(email);
    expect(mail.text).toContain(`${day}s, 00:00–23:59`);
    if (lastDay) expect(mail.text).toMatch(/, until \w{3}, \w{3} \d{1,2}, \d{4}/);
    tokens.push(qrTokenOf(mail));
  }
  expect((await scanAtGate(request, world, tokens[0])).granted).toBe(true);
  expect(await scanAtGate(request, world, tokens[1])).toEqual({
    granted: false,
    reason: "Outside the visitor's time window",
    notice: expect.stringMatching(/^This pass is valid \w+days, 00:00–23:59, not now$/),
  });
  await expect.poll(async () => (await world.relay.pulses()).length).toBe(1);

  await page.getByRole('link', { name: 'Visitor List' }).click();
  await expect(page.getByText(`${weekday(today)}: 00:00–23:59`)).toBeVisible();
});

test('specific dates: today opens the gate, tomorrow not yet', async ({ page, request, mailbox, superadmin }) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  await signIn(page, world.resident);
  const tokens: string[] = [];
  for (const date of [wallDaysFromNow(0).date, wallDaysFromNow(1).date]) {
    const email = uniqueEmail('dated');
    await chooseDateOption(page, 'Specific Dates');
    await fillVisitor(page, { firstName: 'Dana', lastName: 'Dated', email });
    await page.getByLabel('Add a date').fill(date);
    await page.getByRole('button', { name: 'Add Date' }).click();
    await expect(page.getByLabel(`${date} end time`)).toHaveValue('23:59');
    await submitRegistration(page);
    tokens.push(qrTokenOf(await mailbox.waitFor(email)));
  }
  expect((await scanAtGate(request, world, tokens[0])).granted).toBe(true);
  expect(await scanAtGate(request, world, tokens[1])).toMatchObject({
    granted: false,
    reason: 'QR code is not valid yet',
    notice: expect.stringMatching(/^This pass is not valid until \w{3}, \w{3} \d+, \d{4} \d\d:\d\d [A-Z]{2,5}$/),
  });
});

test('changing the Date Option resets only the dates and times: names, email, phone and property stay (docs/SPEC.md §4)', async ({
  page,
  request,
  superadmin,
}) => {
  const property = await createProperty(request, await apiToken(request, superadmin));
  await signIn(page, superadmin);
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Property' }).click();
  await page.getByRole('option', { name: new RegExp(property.propertyName) }).click();
  await fillVisitor(page, { firstName: 'Keep', lastName: 'Me', email: 'keep.me@example.com' });
  await page.getByLabel("Visitor's Mobile (optional)").fill('5551234567');
  await page.getByLabel('Permanent Visitor').check();

  await chooseDateOption(page, 'Recurring Weekdays');
  await expect(page.getByRole('combobox', { name: 'Date Option' })).toHaveValue('Recurring Weekdays');
  await shoot(page, 'item1');
  await expect(page.getByLabel('First Name')).toHaveValue('Keep');
  await expect(page.getByLabel('Last Name')).toHaveValue('Me');
  await expect(page.getByLabel('Email')).toHaveValue('keep.me@example.com');
  await expect(page.getByLabel("Visitor's Mobile (optional)")).toHaveValue('5551234567');
  await expect(page.getByRole('combobox', { name: 'Property' })).toHaveValue(new RegExp(property.propertyName));
  await expect(page.getByRole('combobox', { name: 'Add a weekday' })).toBeVisible();
  expect(await moderateOrWorseFindings(page)).toEqual([]);

  // Back to Between Dates: its fields start over (lifetime validity off again), the names still stay.
  await chooseDateOption(page, 'Between Dates');
  await expect(page.getByLabel('Permanent Visitor')).not.toBeChecked();
  await expect(page.getByLabel('First Name')).toHaveValue('Keep');
});
