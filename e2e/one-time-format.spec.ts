import { apiCall } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { gateWorld, relaySimulatorPerFile } from './visitors-support';

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
