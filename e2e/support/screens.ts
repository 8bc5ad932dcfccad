import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
export const TABLET = { width: 1024, height: 768 };
const SIZES = { desktop: DESKTOP, phone: PHONE, tablet: TABLET } as const;
type Size = keyof typeof SIZES;

/**
 * Viewport screenshots of a changed screen for review, named
 * docs/screens/issue-27/item<N>-<what>-<phase>-<size>.png. Taken only when SCREENS_PHASE
 * (before or after) is set, so ordinary test runs write nothing into the repository.
 */
export async function shoot(page: Page, item: number, what: string, sizes: Size[] = ['desktop', 'phone']) {
  const phase = process.env.SCREENS_PHASE;
  if (!phase) return;
  const original = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(SIZES[size]);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    const file = path.join('docs', 'screens', 'issue-27', `item${item}-${what}-${phase}-${size}.png`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file });
  }
  if (original) await page.setViewportSize(original);
}

// Issue 27 item 13, a change of its own: one h1 per screen, no skipped heading levels, and a dialog
// (Mantine's modal header) that does not make the page's banner a duplicate.
const ITEM_13_RULES = ['page-has-heading-one', 'heading-order', 'landmark-no-duplicate-banner', 'landmark-unique'];

/** axe's serious, critical and moderate findings on the page as it is now (item 13's rules aside). */
export async function moderateOrWorse(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).disableRules(ITEM_13_RULES).analyze();
  return results.violations
    .filter((v) => v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
