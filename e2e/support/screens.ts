import type { Page } from '@playwright/test';

/** The two sizes every changed screen is looked at in (issue 27). */
export const SCREEN_SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Saves what the page shows at both sizes as docs/screens/<issue>/<name>-<shot>-<size>.png when
 * SCREENS_SHOT names the shot ('before' or 'after'); otherwise does nothing. The viewport only,
 * so the files stay small; the page is left at the desktop size.
 */
export async function screenshotBothSizes(page: Page, issue: string, name: string) {
  const shot = process.env.SCREENS_SHOT;
  if (!shot) return;
  for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `docs/screens/${issue}/${name}-${shot}-${size}.png` });
  }
  await page.setViewportSize(SCREEN_SIZES.desktop);
}
