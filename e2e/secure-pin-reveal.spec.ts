import type { Page } from '@playwright/test';
import { apiCall } from './support/api';
import { moderateOrWorseFindings } from './support/axe';
import { type Credentials, expect, signIn, signOut, test } from './support/fixtures';
import { shoot } from './support/screens';
import { createUser } from './support/seed';
import { gateWorld, relaySimulatorPerFile } from './visitors-support';

const simulator = relaySimulatorPerFile(test);

/** The log lines the server wrote as JSON, parsed. */
const logLines = (log: string) =>
  log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Opens the users tab as `user`, checking the list answer itself carries no PIN. */
async function usersTab(page: Page, user: Credentials, pin: string, search: string) {
  await signIn(page, user);
  await page.goto('/dashboard');
  // The searched list: a PIN revealed in the first list would be masked again when it arrives.
  const listed = page.waitForResponse((response) => response.url().includes('/api/resident/get-all?search='));
  await page.getByRole('textbox', { name: 'Search by name or email' }).fill(search);
  const body = await (await listed).text();
  expect.soft(body).not.toContain('securePin');
  expect.soft(body).not.toContain(`"${pin}"`);
  return page.getByRole('row').filter({ hasText: search });
}

test('PINs are masked until Reveal, which the server logs without the PIN', async ({
  page,
  request,
  mailbox,
  superadmin,
  server,
}) => {
  const world = await gateWorld(request, mailbox, superadmin, simulator(), ['securepin']);
  const manager = await createUser(request, world.rootToken, mailbox, {
    role: 'admin',
    propertyId: world.property._id,
  });
  const { securePin: pin, email } = await apiCall<{ securePin: string; email: string }>(
    request,
    world.residentToken,
    'GET',
    `/api/resident/get-by-id/${world.resident.id}`,
  );

  const row = await usersTab(page, manager, pin, email);
  const cell = row.getByTestId('secure-pin');
  await expect(cell).toBeVisible();
  await shoot(page, 'item12-pin-masked-manager');
  await expect(cell).not.toHaveText(/\d/);
  await expect(cell).toContainText('••••••');
  expect(await moderateOrWorseFindings(page)).toEqual([]);

  await cell.getByRole('button', { name: 'Reveal the secure PIN of Rita Resident' }).click();
  await expect(cell).toContainText(pin);
  expect(await moderateOrWorseFindings(page)).toEqual([]);
  await cell.getByRole('button', { name: 'Hide the secure PIN of Rita Resident' }).click();
  await expect(cell).not.toHaveText(/\d/);
  await cell.getByRole('button', { name: 'Reveal the secure PIN of Rita Resident' }).click();
  await expect(cell).toContainText(pin);
  // Desktop only: a phone shows cards, and a new layout shows every PIN masked again.
  await shoot(page, 'item12-pin-revealed-manager', ['desktop']);

  await expect
    .poll(() =>
      logLines(server.log()).filter(
        (line) => line.msg === 'secure PIN revealed' && line.residentId === world.resident.id,
      ),
    )
    .toHaveLength(2);
  const reveals = logLines(server.log()).filter((line) => line.residentId === world.resident.id);
  for (const revealed of reveals) {
    expect(revealed).toMatchObject({
      msg: 'secure PIN revealed',
      actorRole: 'admin',
      actorId: expect.any(String),
      reqId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(JSON.stringify(revealed)).not.toContain(`"${pin}"`);
  }

  // The Edit dialog's read-only PIN (docs/SPEC.md §2) is masked the same way.
  await row.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog.getByTestId('pin-value')).not.toHaveText(/\d/);
  await shoot(page, 'item12-edit-user-pin');
  await dialog.getByRole('button', { name: 'Reveal the secure PIN of Rita Resident' }).click();
  await expect(dialog.getByTestId('pin-value')).toHaveText(pin);
  await page.keyboard.press('Escape');

  // The super administrator's table: masked too, at phone size as well.
  await signOut(page);
  const superRow = await usersTab(page, superadmin, pin, email);
  const superCell = superRow.getByTestId('secure-pin');
  await expect(superCell).not.toHaveText(/\d/);
  await shoot(page, 'item12-pin-masked-superadmin');
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByTestId('manager-card').filter({ hasText: email });
  await expect(card.getByTestId('secure-pin')).not.toHaveText(/\d/);
  await card.getByRole('button', { name: 'Reveal the secure PIN of Rita Resident' }).click();
  await expect(card.getByTestId('secure-pin')).toContainText(pin);
  await shoot(page, 'item12-pin-revealed-superadmin', ['phone']);
  await expect
    .poll(() => logLines(server.log()).filter((line) => line.residentId === world.resident.id).length)
    .toBe(4);
});
