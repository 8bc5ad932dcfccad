import { apiCall } from './support/api';
import { moderateOrWorseFindings } from './support/axe';
import { expect, test } from './support/fixtures';
import { shoot, TABLET } from './support/screens';
import { gateWorld, relaySimulatorPerFile } from './visitors-support';

const simulator = relaySimulatorPerFile(test);

test('a locked keypad shows one sentence with one clock, on the overlay and the keypad alike', async ({
  page,
  request,
  mailbox,
  superadmin,
  server,
}) => {
  test.setTimeout(90_000);
  const world = await gateWorld(request, mailbox, superadmin, simulator(), ['securepin']);
  const { securePin } = await apiCall<{ securePin: string }>(
    request,
    world.residentToken,
    'GET',
    `/api/resident/get-by-id/${world.resident.id}`,
  );
  const wrong = securePin === '000000' ? '111111' : '000000';
  await page.setViewportSize(TABLET);
  await page.goto(`${server.baseURL}/reader#key=${world.deviceKey}`);
  const keypad = page.getByRole('region', { name: 'Keypad' });
  await expect(keypad.getByRole('button', { name: '0', exact: true })).toBeEnabled();
  await shoot(page, 'item8-keypad', ['desktop', 'phone', 'tablet']);
  expect(await moderateOrWorseFindings(page)).toEqual([]);

  // Five wrong PINs from this keypad lock it; the sixth, typed here, is answered with the lock's end.
  for (let attempt = 0; attempt < 5; attempt++) {
    await request.post('/api/access/pin', {
      data: { pin: wrong },
      headers: { authorization: `Bearer ${world.deviceKey}` },
    });
  }
  for (const digit of wrong) await keypad.getByRole('button', { name: digit, exact: true }).click();
  const overlay = page.getByRole('status');
  const alert = keypad.getByRole('alert');
  await expect(alert).toBeVisible();
  await shoot(page, 'item8-keypad-locked', ['tablet', 'phone', 'desktop']);

  await expect
    .poll(async () => {
      const [said, counted] = [await overlay.textContent(), await alert.textContent()];
      return said === counted ? said : `overlay "${said}" but keypad "${counted}"`;
    })
    .toMatch(/^Too many wrong PINs\. This keypad is locked: try again in [0-5]:\d\d\.$/);
  await expect(page.getByText(/for 5 minutes/)).toHaveCount(0);
  await expect(keypad.getByRole('heading')).toHaveText('Enter your PIN or guest PIN');
  expect(await moderateOrWorseFindings(page)).toEqual([]);
  await expect(overlay).toHaveCount(0, { timeout: 6000 });
  await expect(alert).toHaveText(/try again in [0-5]:\d\d\./);
  await shoot(page, 'item8-keypad-still-locked', ['tablet', 'phone', 'desktop']);
  await expect(keypad.getByRole('button', { name: '1', exact: true })).toBeDisabled();
});
