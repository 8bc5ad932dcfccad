import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken } from './support/api';
import { moderateOrWorseFindings } from './support/axe';
import { type Credentials, expect, signIn, test } from './support/fixtures';
import type { Mailbox } from './support/mailbox';
import { shoot } from './support/screens';
import { createProperty, createUser } from './support/seed';

/** A property with no devices and no RFID, and a manager and a resident of it. */
async function bareProperty(request: APIRequestContext, mailbox: Mailbox, superadmin: Credentials) {
  const root = await apiToken(request, superadmin);
  const property = await createProperty(request, root);
  const manager = await createUser(request, root, mailbox, { role: 'admin', propertyId: property._id });
  const resident = await createUser(request, root, mailbox, { role: 'resident', propertyId: property._id });
  return { property, manager, resident };
}

async function chooseProperty(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Property' }).fill(name);
  await page.getByRole('option', { name: new RegExp(name) }).click();
}

const axeClean = async (page: Page) => expect(await moderateOrWorseFindings(page)).toEqual([]);

test('a manager is told whom to ask about cards, devices and gates, and gets no Register a device link', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { property, manager } = await bareProperty(request, mailbox, superadmin);
  await signIn(page, manager);

  await page.goto('/dashboard?type=card');
  const cardsHint = page.getByText(/RFID Access is not turned on/);
  await expect(cardsHint).toBeVisible();
  await shoot(page, 'item6-cards-manager');
  await expect
    .soft(cardsHint)
    .toHaveText(
      `RFID Access is not turned on for ${property.propertyName}. Ask your Gatehouse administrator to turn on cards for ${property.propertyName}.`,
    );
  await axeClean(page);

  await page.goto('/dashboard?type=device');
  await expect(page.getByText('No devices available for this property.')).toBeVisible();
  await shoot(page, 'item6-devices-manager');
  await expect.soft(page.getByText('Ask your Gatehouse administrator to register your gate devices.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register a device' })).toHaveCount(0);

  await page.goto('/access-gates');
  const gatesHint = page.getByText(/No gates are set up/);
  await expect(gatesHint).toBeVisible();
  await shoot(page, 'item6-gates-manager');
  await expect
    .soft(gatesHint)
    .toHaveText('No gates are set up for your property yet. Ask your Gatehouse administrator to register them.');
  await axeClean(page);
});

test('a resident without gates is told to ask their property manager', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { resident } = await bareProperty(request, mailbox, superadmin);
  await signIn(page, resident);
  await page.goto('/access-gates');
  const gatesHint = page.getByText(/No gates are set up/);
  await expect(gatesHint).toBeVisible();
  await shoot(page, 'item6-gates-resident');
  await expect.soft(gatesHint).toHaveText('No gates are set up for your property yet. Ask your property manager.');
});

test('a super administrator is told where to turn cards on and given the way to register a device', async ({
  page,
  request,
  mailbox,
  superadmin,
}) => {
  const { property } = await bareProperty(request, mailbox, superadmin);
  await signIn(page, superadmin);
  await page.goto('/dashboard?type=card');
  await chooseProperty(page, property.propertyName);
  const cardsHint = page.getByText(/RFID Access is not turned on/);
  await expect(cardsHint).toBeVisible();
  await shoot(page, 'item6-cards-superadmin');
  await expect
    .soft(cardsHint)
    .toHaveText(
      `RFID Access is not turned on for ${property.propertyName}. Turn it on in Properties: Edit ${property.propertyName}, then tick RFID Access.`,
    );

  await page.goto('/dashboard?type=device');
  await chooseProperty(page, property.propertyName);
  const block = page.getByRole('region', { name: property.propertyName });
  await expect(block.getByText('No devices available for this property.')).toBeVisible();
  await shoot(page, 'item6-devices-superadmin');
  await block.getByRole('link', { name: 'Register a device' }).click();
  await expect(page).toHaveURL(/\/register-device$/);
});

test('an unpaired reader says whom to ask, not a manager who cannot', async ({ page }) => {
  await page.goto('/reader');
  await expect(page.getByRole('heading', { name: 'This reader is not paired' })).toBeVisible();
  await shoot(page, 'item6-reader-unpaired', ['tablet', 'phone', 'desktop']);
  await expect(page.getByText(/a manager registers/)).toHaveCount(0);
  await expect(page.getByText(/ask your Gatehouse administrator/)).toBeVisible();
  await axeClean(page);
});
