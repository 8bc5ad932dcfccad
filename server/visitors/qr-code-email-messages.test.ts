import { describe, expect, it } from 'vitest';
import { qrCodeEmail } from './qr-code-email-messages';

const context = {
  token: 'token-for-the-test',
  pass: {
    url: 'https://gatehouse.example/pass/abc',
    qrCodeId: 'qr-1',
    now: new Date('2026-11-26T12:00:00Z'),
    wallet: {
      appleWallet: 'https://gatehouse.example/api/pass/abc/wallet.pkpass',
      googleWallet: 'https://gatehouse.example/api/pass/abc/google-wallet',
    },
  },
  window: {
    qrType: 'betweenDates' as const,
    startDate: new Date('2026-11-26T13:00:00Z'),
    endDate: new Date('2026-11-26T21:00:00Z'),
    lifetimeValidity: false,
    recurringDays: [],
    multipleDays: [],
  },
  timeZone: 'America/New_York',
  property: { propertyName: 'Oak Ridge', propertyLocation: '12 Oak Ridge Road' },
  visitor: { firstName: 'Vera', lastName: 'Visitor', email: 'vera@example.com' },
  resident: { firstName: 'Rita', lastName: 'Resident', email: 'rita@example.com' },
};

/** Every fixed width in the HTML (width="N", width:Npx, min-width:Npx), not max-width. */
const fixedWidths = (html: string) =>
  [...html.matchAll(/(?<![-\w])(?:min-)?width\s*(?:=\s*["']?|:\s*)(\d+)/gi)].map((m) => Number(m[1]));

describe('the visitor QR email reads on a 390 px phone', () => {
  for (const recipient of ['visitor', 'resident'] as const) {
    it(`${recipient}: has a mobile viewport and no fixed width wider than 390 px`, async () => {
      const { html } = await qrCodeEmail(context, recipient);
      expect(html).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1">/);
      expect(html).toContain('<html lang="en">');
      const widths = fixedWidths(html ?? '');
      expect(widths.length).toBeGreaterThan(0);
      expect(widths.filter((width) => width > 390)).toEqual([]);
      expect(html).toMatch(/<img [^>]*style="max-width:100%;height:auto"/);
    });
  }
});
