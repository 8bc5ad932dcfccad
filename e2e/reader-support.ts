import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, chromium, type Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { FULL_CHROMIUM } from '../playwright.config';
import { apiCall } from './support/api';
import type { Mailbox } from './support/mailbox';
import { writeQrVideo } from './support/qr-video';
import { uniqueEmail } from './support/seed';
import { type GateWorld, qrTokenOf, wallHoursFromNow } from './visitors-support';

export const TABLET = { width: 1024, height: 768 };
export const PHONE = { width: 390, height: 844 };

export interface Pass {
  visitorId: string;
  qrCodeId: string;
  token: string;
  png: Buffer;
}

/** A visitor registered by the world's resident, as the app does; the pass arrives by real SMTP. */
export async function registerPass(
  request: APIRequestContext,
  mailbox: Mailbox,
  world: GateWorld,
  firstName: string,
): Promise<Pass> {
  const email = uniqueEmail(firstName.toLowerCase());
  const start = wallHoursFromNow(-1);
  const end = wallHoursFromNow(3);
  const { _id: visitorId, qrCodeId } = await apiCall<{ _id: string; qrCodeId: string }>(
    request,
    world.residentToken,
    'POST',
    '/api/visitor/register',
    {
      firstName,
      lastName: 'Visitor',
      email,
      qrType: 'betweenDates',
      startDate: start.date,
      startTime: start.time,
      endDate: end.date,
      endTime: end.time,
      lifetimeValidity: false,
      recurringDays: [],
      multipleDays: [],
    },
  );
  const mail: ParsedMail = await mailbox.waitFor(email, (m) => new RegExp(`Hello ${firstName}`).test(m.text ?? ''));
  const png = mail.attachments.find((a) => a.contentType === 'image/png')?.content;
  if (!png) throw new Error(`no QR image in the mail to ${email}`);
  return { visitorId, qrCodeId, token: qrTokenOf(mail), png };
}

/** A Chromium whose camera films the pass (a Y4M made from the emailed PNG), camera allowed. */
export async function browserFilming(pass: Pass, options: { blankSeconds?: number; codeSeconds?: number } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-camera-'));
  const video = path.join(dir, 'pass.y4m');
  writeQrVideo(pass.png, video, { blankSeconds: options.blankSeconds, codeSeconds: options.codeSeconds ?? 3 });
  const browser = await chromium.launch({
    executablePath: FULL_CHROMIUM.executablePath,
    args: [
      ...FULL_CHROMIUM.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A kiosk tab on `/reader#key=…`, as a manager pairs it. */
export async function openPairedReader(
  browser: Browser,
  baseURL: string,
  deviceKey: string,
  viewport: { width: number; height: number } = TABLET,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, permissions: ['camera'] });
  const page = await context.newPage();
  await page.goto(`/reader#key=${encodeURIComponent(deviceKey)}`);
  return page;
}

/** Serious and critical axe findings on the page as it is now. */
export async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A screenshot for review under test-results/reader/. */
export async function snapshot(page: Page, name: string) {
  await page.screenshot({ path: path.join('test-results', 'reader', `${name}.png`) });
}

/**
 * The wedge scanner: the code's keys then Enter, all within one task, as a scanner sends them.
 * Typed through Playwright one key per round trip, a loaded machine spaced them over the 100 ms a
 * person's typing is told apart by (keyboard-wedge.ts), and the scan was read as typing (CI, twice).
 */
export async function wedgeScan(page: Page, code: string) {
  await page.evaluate((keys) => {
    for (const key of [...keys, 'Enter']) window.dispatchEvent(new KeyboardEvent('keydown', { key }));
  }, code);
}
