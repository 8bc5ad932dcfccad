import { apiToken } from './support/api';
import { moderateOrWorseFindings } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { DESKTOP, PHONE } from './support/screens';
import { createProperty, createUser } from './support/seed';

test('a manager creates an API key, sees it once, the key reads visitors, and revoking it stops it', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const root = await apiToken(request, superadmin);
  const property = await createProperty(request, root);
  const manager = await createUser(request, root, mailbox, { role: 'admin', propertyId: property._id });

  await page.setViewportSize(DESKTOP);
  await signIn(page, manager);
  // API keys and webhooks are one screen under the property, reached from the menu.
  await page.getByRole('link', { name: 'Integrations' }).first().click();
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Webhook endpoints' })).toBeVisible();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'New API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API key' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Front desk console');
  await dialog.getByRole('checkbox', { name: /visitors:read/ }).check();
  await dialog.getByRole('checkbox', { name: /gates:open/ }).check();
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('api-key-create-desktop.png') });
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const key = (await shown.getByTestId('new-api-key').textContent()) ?? '';
  expect(key).toMatch(/^ghk_[A-Za-z0-9_-]{43}$/);
  await expect(shown).toContainText('will not show it again');
  expect(await moderateOrWorseFindings(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('api-key-shown-desktop.png') });
  await shown.getByRole('button', { name: 'Done' }).click();

  const visitors = await request.get('/api/visitor/get-all', { headers: { authorization: `Bearer ${key}` } });
  expect(visitors.status()).toBe(200);
  await page.reload();
  const table = page.getByRole('table', { name: 'API keys' });
  await expect(table).toContainText('Front desk console');
  await expect(table).toContainText('visitors:read, gates:open');
  await expect(table).not.toContainText(key.slice(8));
  await expect(table).toContainText('from 127.0.0.1');
  expect(await moderateOrWorseFindings(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('api-keys-desktop.png') });
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('list', { name: 'API keys' })).toContainText('Front desk console');
  expect(await moderateOrWorseFindings(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('api-keys-phone.png'), fullPage: true });

  await page.getByRole('button', { name: 'Revoke Front desk console' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  const refused = await request.get('/api/visitor/get-all', { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
});
