import type { Page } from '@playwright/test';

/** Opens a table row's "More" menu (the person's, or the only row's when null) and chooses an action. */
export async function chooseRowAction(page: Page, person: string | null, action: string | RegExp) {
  const more = page.getByRole('button', { name: person ? `More actions for ${person}` : /^More actions for / });
  await more.click();
  await page.getByRole('menuitem', { name: action }).click();
}
