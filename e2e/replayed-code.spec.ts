import { generate } from 'otplib/functional';
import { LOGIN_PATHS } from '../core/roles';
import { apiCall, apiToken } from './support/api';
import { moderateOrWorseFindings } from './support/axe';
import { expect, test } from './support/fixtures';
import { shoot } from './support/screens';
import { propertyWithUser } from './support/seed';

test('a code refused because it was just used says so, and the next code signs in', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { user: resident } = await propertyWithUser(request, superadmin, mailbox, 'resident');
  const token = await apiToken(request, resident);
  const { secret } = await apiCall<{ secret: string }>(request, token, 'POST', '/api/second-factor/totp/setup');
  const usedAt = Math.floor(Date.now() / 1000);
  const used = await generate({ secret, epoch: usedAt });
  await apiCall(request, token, 'POST', '/api/second-factor/totp/confirm', { code: used });

  await page.goto(LOGIN_PATHS.resident);
  await page.getByLabel('Email').fill(resident.email);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill(resident.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authentication code').fill(used);
  await page.getByRole('button', { name: 'Verify' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await shoot(page, 'item9-code-just-used');
  await expect(alert).toHaveText('That code was just used. Wait for the next one.');
  expect(await moderateOrWorseFindings(page)).toEqual([]);

  // The replay guard stays: the next time step's code (within the allowed drift) is the one that works.
  const next = await generate({ secret, epoch: usedAt + 30 });
  await page.getByLabel('Authentication code').fill(next);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL((url) => !url.pathname.startsWith('/login'));
});
