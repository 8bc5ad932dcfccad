import { apiCall } from './support/api';
import { expect, test } from './support/fixtures';
import { uniqueEmail } from './support/seed';
import { gateWorld, qrTokenOf, relaySimulatorPerFile, wallDaysFromNow } from './visitors-support';

const simulator = relaySimulatorPerFile(test);

test('with the SMTP server down at registration, both emails arrive once it is back, each exactly once', async ({
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const email = uniqueEmail('outage');
  const port = mailbox.port;
  await mailbox.stop();
  try {
    const today = wallDaysFromNow(0).date;
    await apiCall(request, world.residentToken, 'POST', '/api/visitor/register', {
      firstName: 'Olive',
      lastName: 'Outage',
      email,
      qrType: 'randomDates',
      multipleDays: [{ date: today, startTime: '00:00', endTime: '23:59' }],
    });
  } finally {
    await mailbox.start(port);
  }
  const toVisitor = await mailbox.waitFor(email, () => true, 45_000);
  const toResident = await mailbox.waitFor(world.resident.email, (m) => /Olive Outage/.test(m.subject ?? ''), 45_000);
  expect(qrTokenOf(toResident)).toBe(qrTokenOf(toVisitor));
  // A later registration's email arriving means the queue ran again after the retried ones.
  const marker = uniqueEmail('marker');
  await apiCall(request, world.residentToken, 'POST', '/api/visitor/register', {
    firstName: 'Mark',
    lastName: 'Later',
    email: marker,
    qrType: 'betweenDates',
    lifetimeValidity: true,
  });
  await mailbox.waitFor(marker);
  expect(mailbox.to(email)).toHaveLength(1);
  expect(mailbox.to(world.resident.email).filter((m) => /Olive Outage/.test(m.subject ?? ''))).toHaveLength(1);
});
