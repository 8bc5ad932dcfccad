import { apiToken } from './support/api';
import { seriousFindings } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { DESKTOP, PHONE } from './support/screens';
import { createProperty } from './support/seed';

test('a super administrator sees and changes how long a property keeps its gate events and trail', async ({
  page,
  request,
  superadmin,
}) => {
  const property = await createProperty(request, await apiToken(request, superadmin));
  await signIn(page, superadmin);
  await page.goto('/dashboard?type=property');
  const row = page.getByRole('row', { name: new RegExp(property.propertyName) });
  await expect(row).toContainText('Gate events 2 years');
  await expect(row).toContainText('Activity 7 years');

  await page.getByRole('button', { name: `Edit ${property.propertyName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Property' });
  const gateEvents = dialog.getByRole('textbox', { name: 'Keep gate events (months)' });
  const trail = dialog.getByRole('textbox', { name: 'Keep the activity trail (months)' });
  await expect(gateEvents).toHaveValue('24');
  await trail.fill('6');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText('from 12 (one year, the least) to 1200');
  await page.mouse.move(0, 0);
  expect(await seriousFindings(page)).toEqual([]);
  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: test.info().outputPath(`retention-dialog-${size}.png`) });
  }
  await page.setViewportSize(DESKTOP);

  await trail.fill('12');
  await gateEvents.fill('36');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('Gate events 3 years');
  await expect(row).toContainText('Activity 1 year');
  await page.screenshot({ path: test.info().outputPath('retention-table-1280.png') });
});
