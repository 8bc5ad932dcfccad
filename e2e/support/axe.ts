import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type Impact = 'moderate' | 'serious' | 'critical';

async function findingsOf(page: Page, impacts: Impact[], exceptRules: string[] = []): Promise<string[]> {
  const results = await new AxeBuilder({ page }).disableRules(exceptRules).analyze();
  return results.violations
    .filter((v) => impacts.includes(v.impact as Impact))
    .map(
      (v) =>
        `${v.id} ${v.nodes.map((n) => `${n.target.join(' ')}${process.env.AXE_DEBUG ? ` ${n.failureSummary}` : ''}`).join(', ')}`,
    );
}

/** axe's serious and critical findings on the page as it is now, each with the elements it names. */
export const seriousFindings = (page: Page) => findingsOf(page, ['serious', 'critical']);

/**
 * Moderate findings too: the bar of issue 27 (0 serious and 0 moderate on every changed screen).
 * The heading rules are left out: one h1 per screen and no skipped levels is its own item (13),
 * changed on every screen at once. `alsoExcept` leaves out rules another item of the issue owns.
 */
export const moderateOrWorseFindings = (page: Page, alsoExcept: string[] = []) =>
  findingsOf(page, ['moderate', 'serious', 'critical'], ['page-has-heading-one', 'heading-order', ...alsoExcept]);

/** A Mantine Modal's <header> reads as a second banner; issue 27 item 13 changes every dialog at once. */
export const DIALOG_BANNER_RULES = ['landmark-no-duplicate-banner', 'landmark-unique'];
