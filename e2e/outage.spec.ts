import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type GatehouseProcess, spawnGatehouse, TEST_SUPERADMIN } from '../test/support/gatehouse-process';
import { expect, submitSignIn, test } from './support/fixtures';

// A real outage: the server process is stopped while the app is open, then started again on the
// same port and data, and Retry brings the data back. Nothing is mocked.
let server: GatehouseProcess;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-outage-'));
  server = await spawnGatehouse({ dataDir });
});
test.afterAll(async () => {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function restartOnSamePort() {
  server = await spawnGatehouse({
    dataDir,
    env: { PORT: String(server.port), APP_URL: server.baseURL },
  });
}

test('an outage shows an error with Retry, distinct from empty, and Retry recovers', async ({ page }) => {
  await page.goto(`${server.baseURL}/login/Super-Admin`);
  await submitSignIn(page, { ...TEST_SUPERADMIN, role: 'superadmin' });
  await expect(page.getByRole('table')).toContainText(TEST_SUPERADMIN.email);
  // Screens load lazily: open them once while the server is up, as a person's session would have,
  // so the outage below is the API's, not a missing script's (that one has its own error page).
  // Each screen's own title, not any heading: the screen before stays up while the next one's code
  // downloads, and a run that moved on too soon met the outage with that code still missing.
  const titles = { Profile: 'Profile Settings', 'Register Device': 'Register Device', Dashboard: 'Admin Dashboard' };
  for (const [link, title] of Object.entries(titles)) {
    await page.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
  await expect(page.getByRole('table')).toContainText(TEST_SUPERADMIN.email);

  await server.stop();

  await page.getByRole('link', { name: 'Profile' }).click();
  const profileError = page.getByRole('alert').filter({ hasText: 'Failed to load your profile' });
  await expect(profileError).toContainText('The server could not be reached. Check your connection, then retry.');
  await expect(profileError.getByRole('button', { name: 'Retry' })).toBeVisible();

  await page.getByRole('link', { name: 'Register Device' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load properties' })).toBeVisible();

  await page.getByRole('link', { name: 'Dashboard' }).click();
  const usersError = page.getByRole('alert').filter({ hasText: 'Failed to load users' });
  await expect(usersError.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByText('No users found')).toHaveCount(0);

  await restartOnSamePort();
  await usersError.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('table')).toContainText(TEST_SUPERADMIN.email);
  await expect(usersError).toHaveCount(0);

  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText(TEST_SUPERADMIN.email)).toBeVisible();
});
