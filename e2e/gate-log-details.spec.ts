import { apiCall } from './support/api';
import { expect, signIn, signOut, test } from './support/fixtures';
import { afterPulseHold } from './support/relay-simulator';
import { createUser } from './support/seed';
import { gateWorld, relaySimulatorPerFile, scanAtGate } from './visitors-support';

const simulator = relaySimulatorPerFile(test);

test('gate logs say why an attempt failed and what the relay did, in words, with the raw command on demand; the bell names the gate', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator());
  const admin = await createUser(request, world.rootToken, mailbox, { role: 'admin', propertyId: world.property._id });
  const [gate] = await apiCall<{ gateDevices: { id: string; deviceName: string }[] }>(
    request,
    world.residentToken,
    'GET',
    '/api/device/get-gate-devices',
  ).then((answer) => answer.gateDevices);
  const open = () =>
    request.post('/api/device/trigger-relay', {
      data: { deviceId: gate.id, propertyId: world.property._id },
      headers: { authorization: `Bearer ${world.residentToken}` },
    });
  // Each press after the last one's hold, so that each pulses (decision 0071).
  expect((await open()).ok()).toBe(true);
  await world.relay.slow();
  await afterPulseHold();
  expect((await open()).ok()).toBe(false);
  await world.relay.down();
  await afterPulseHold();
  expect((await open()).ok()).toBe(false);
  await world.relay.healthy();
  expect((await scanAtGate(request, world, 'not-a-code')).granted).toBe(false);

  await signIn(page, admin);
  await page.goto('/gate-logs');
  const rows = page.getByTestId('log-row');
  await expect(rows).toHaveCount(4);
  const [refused, unreachable, timedOut, opened] = [rows.nth(0), rows.nth(1), rows.nth(2), rows.nth(3)];
  await expect(refused).toContainText('FAILED');
  await expect(refused.getByTestId('log-reason')).toHaveText('QR code not recognised');
  await expect(refused).toContainText('No pulse sent');
  await expect(timedOut.getByTestId('log-reason')).toContainText('did not answer');
  await expect(timedOut).toContainText('Relay did not answer in 5 s');
  await expect(opened).toContainText('Pulse sent');

  // A relay failure: one sentence in Status, the socket's error code only in the expanded details.
  await expect(unreachable.getByTestId('log-reason')).toHaveText(
    'The gate did not open: the gate device could not be reached.',
  );
  await expect(unreachable.getByTestId('operation-words')).toHaveText('The relay could not be reached');
  await expect(unreachable).not.toContainText('ECONN');
  await unreachable.getByRole('button', { name: 'Show details' }).click();
  await expect(unreachable.getByTestId('technical-reason')).toContainText('(ECONNREFUSED)');
  await expect(opened.getByTestId('log-reason')).toHaveCount(0);
  await expect(opened.getByTestId('raw-command')).toHaveCount(0);
  await opened.getByRole('button', { name: 'Show details' }).click();
  await expect(opened.getByTestId('raw-command')).toContainText('relay/0');

  await signOut(page);
  await signIn(page, { ...world.resident });
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByTestId('notification-gate').first()).toHaveText(`Gate: ${gate.deviceName}`);
});
