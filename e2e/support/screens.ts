import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
export const TABLET = { width: 1024, height: 768 };
const SIZES = { desktop: DESKTOP, phone: PHONE, tablet: TABLET } as const;
type Size = keyof typeof SIZES;

/**
 * Viewport screenshots of a changed screen for review, named
 * docs/screens/issue-<issue>/<name>-<phase>-<size>.png (issue 27 unless named). Taken only when SCREENS_PHASE
 * (before or after) is set, so ordinary test runs write nothing into the repository.
 */
export async function shoot(page: Page, name: string, sizes: Size[] = ['desktop', 'phone'], issue = 27) {
  const phase = process.env.SCREENS_PHASE;
  if (!phase) return;
  const original = page.viewportSize();
  // A reader page goes full screen at its first tap; a full-screen window cannot be resized.
  await page.evaluate(() => (document.fullscreenElement ? document.exitFullscreen() : undefined));
  for (const size of sizes) {
    await page.setViewportSize(SIZES[size]);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    const file = path.join('docs', 'screens', `issue-${issue}`, `${name}-${phase}-${size}.png`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file });
  }
  if (original) await page.setViewportSize(original);
}
