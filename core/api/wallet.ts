import { z } from 'zod';

/** The wallet buttons of a pass page: each a link, or null when that wallet is not set up or the pass has ended. */
export const walletLinks = z.object({
  /** The signed .pkpass download (application/vnd.apple.pkpass). */
  appleWallet: z.string().nullable(),
  /** https://pay.google.com/gp/v/save/<JWT>, made at this request. */
  googleWallet: z.string().nullable(),
});
export type WalletLinks = z.infer<typeof walletLinks>;

/** The badge wordings each wallet's guidelines require, and the refusal of an ended pass. */
export const WALLET_MESSAGES = {
  addToAppleWallet: 'Add to Apple Wallet',
  saveToGoogleWallet: 'Save to Google Wallet',
  noLongerValid: 'This pass is no longer valid',
  appleNotOffered: 'Apple Wallet passes are not offered here.',
  googleNotOffered: 'Google Wallet passes are not offered here.',
} as const;
