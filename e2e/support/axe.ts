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

/** Moderate findings too: the stricter bar (0 serious and 0 moderate on every screen). `alsoExcept` leaves out rules another test owns. */
export const moderateOrWorseFindings = (page: Page, alsoExcept: string[] = []) =>
  findingsOf(page, ['moderate', 'serious', 'critical'], alsoExcept);
