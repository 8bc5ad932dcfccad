import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiToken } from './support/api';
import { moderateOrWorseFindings } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { DESKTOP, PHONE } from './support/screens';
import { createProperty, createUser } from './support/seed';

const SHOTS = 'docs/screens/issue-44';

test('a manager adds a webhook endpoint, copies its secret once, sends a test event and reads the delivery log', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  // A receiver the test runs: it answers 200 and counts what it was sent.
  const received: string[] = [];
  const receiver = http.createServer((req, res) => {
    req.on('data', () => {});
    req.on('end', () => {
      received.push(String(req.headers['webhook-id']));
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    const root = await apiToken(request, superadmin);
    const property = await createProperty(request, root);
    const manager = await createUser(request, root, mailbox, { role: 'admin', propertyId: property._id });
    await signIn(page, manager);
    await page.getByRole('link', { name: 'Integrations' }).first().click();
    await expect(page.getByRole('heading', { name: 'Integrations' })).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByText('Choose at least one event', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
    await page.getByRole('textbox', { name: 'Description' }).fill('Front desk console');
    await page.getByRole('checkbox', { name: 'gate.opened' }).check();
    await page.getByRole('checkbox', { name: 'lockdown.started' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_/);
    const card = page.getByTestId('webhook-card');
    await expect(card).toContainText(url);
    await expect(card).toContainText('gate.opened, lockdown.started');

    await card.getByRole('button', { name: 'Send test event' }).click();
    await expect(card.getByRole('status')).toHaveText('Test event queued');
    await expect.poll(() => received.length).toBe(1);
    await card.getByRole('button', { name: 'Delivery log' }).click();
    await expect(card.getByText('webhook.test').first()).toBeVisible();
    await expect(card.getByText('thanks').first()).toBeVisible();
    await card.getByRole('button', { name: 'Send again' }).first().click();
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]).toBe(received[0]);

    // One screen holds both: the property's API keys above its webhooks.
    const made = await request.post(`/api/properties/${property._id}/api-keys`, {
      headers: { authorization: `Bearer ${await apiToken(request, manager)}` },
      data: { name: 'Guard console', scopes: ['gates:open', 'logs:read'] },
    });
    expect(made.status()).toBe(201);
    await page.reload();
    await expect(page.getByRole('table', { name: 'API keys' })).toContainText('Guard console');
    await expect(page.getByTestId('webhook-card')).toContainText(url);
    await page.mouse.move(0, 0);
    expect(await moderateOrWorseFindings(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `${SHOTS}/integrations-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('list', { name: 'API keys' })).toContainText('Guard console');
    await page.screenshot({ path: `${SHOTS}/integrations-phone.png`, fullPage: true });
    expect(await moderateOrWorseFindings(page)).toEqual([]);
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
