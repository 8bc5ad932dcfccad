import type { Page } from '@playwright/test';
import { LOGIN_PATHS } from '../core/roles';
import { FULL_CHROMIUM } from '../playwright.config';
import { seriousFindings } from './support/axe';
import { expect, signOut, test } from './support/fixtures';
import { type RunningServer, startGatehouse } from './support/gatehouse-server';

// The full browser: the headless shell's screenshot of a page with a virtual authenticator never returned.
test.use({ launchOptions: FULL_CHROMIUM });

// A server of its own on `localhost`: WebAuthn refuses an IP address as the relying party.
let site: RunningServer;
test.beforeAll(async () => {
  site = await startGatehouse({}, { publicHost: 'localhost' });
});
test.afterAll(async () => {
  await site.stop();
});

/** Chromium's virtual authenticator (CDP), a platform passkey that verifies the user at once. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** A screenshot at desktop and phone width (test output), checked by axe at each. */
async function captureBothWidths(page: Page, name: string) {
  // The pointer off the button it last pressed: a hovered button is lighter than at rest.
  await page.mouse.move(0, 0);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: test.info().outputPath(`${name}-${viewport.width}.png`), fullPage: true });
    expect(await seriousFindings(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a superadmin adds a passkey on Profile, signs in with password and passkey, and removes it', async ({ page }) => {
  const root = site.superadmin;
  const signInWithPassword = async () => {
    await page.goto(`${site.baseURL}${LOGIN_PATHS.superadmin}`);
    await page.getByLabel('Email').fill(root.email);
    await page
      .getByLabel(/^Password/)
      .first()
      .fill(root.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  await addVirtualAuthenticator(page);

  await signInWithPassword();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await page.getByLabel('Passkey name').fill('Office laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const passkeys = page.getByRole('list', { name: 'Passkeys' });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys).toContainText('Office laptop');
  await expect(page.getByText('Passkey added')).toBeVisible();
  // The toast goes after a few seconds; the screen is judged without it.
  await expect(page.getByText('Passkey added')).toHaveCount(0);
  await captureBothWidths(page, 'profile-two-step-with-passkey');

  await signOut(page);
  await signInWithPassword();
  const usePasskey = page.getByRole('button', { name: 'Use your passkey' });
  await expect(usePasskey).toBeVisible();
  // Only the passkey: this account has no authenticator app, so no code is offered.
  await expect(page.getByLabel('Authentication code')).toHaveCount(0);
  await captureBothWidths(page, 'sign-in-passkey-step');
  await usePasskey.click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(passkeys).toContainText('last used');
  await page.getByRole('button', { name: 'Remove passkey Office laptop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
});
