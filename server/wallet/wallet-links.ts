import { WALLET_MESSAGES, type WalletLinks } from '@core/api/wallet';
import type { PlatformDeps } from '../platform/deps';
import { googleSaveLink } from './google-save-link';
import type { WalletPass } from './wallet-pass';

/** Where a pass's wallet files are served, under its page's API path (`/api/pass/<link token>`). */
export const appleWalletPath = (passPath: string) => `${passPath}/wallet.pkpass`;
export const googleWalletPath = (passPath: string) => `${passPath}/google-wallet`;

/**
 * The wallet buttons of a pass page: the .pkpass download, and Google's save link made now (its
 * JWT carries the pass as it is now). None for a pass that no longer opens the gate, nor for a
 * wallet whose settings are not given.
 */
export async function walletLinksOf(
  deps: Pick<PlatformDeps, 'config'>,
  pass: WalletPass,
  passPath: string,
): Promise<WalletLinks> {
  const { apple, google } = deps.config.wallet ?? {};
  const live = pass.code !== null;
  return {
    appleWallet: apple && live ? appleWalletPath(passPath) : null,
    googleWallet: google && live ? await googleSaveLink(pass, google, deps.config.appUrl, deps.config.now()) : null,
  };
}

/**
 * The wallet links of an email: both through Gatehouse (the Google one redirects to a save link
 * made at the click), so a link read days later carries the pass as it is then.
 */
export function emailedWalletLinks(
  config: { appUrl: string; wallet?: PlatformDeps['config']['wallet'] },
  passPath: string,
) {
  return {
    appleWallet: config.wallet?.apple ? `${config.appUrl}${appleWalletPath(passPath)}` : null,
    googleWallet: config.wallet?.google ? `${config.appUrl}${googleWalletPath(passPath)}` : null,
  };
}

/** The links that are offered, each with its wallet's badge wording, for a message. */
export function labelledWalletLinks({ appleWallet, googleWallet }: WalletLinks) {
  return [
    ...(appleWallet ? [{ label: WALLET_MESSAGES.addToAppleWallet, url: appleWallet }] : []),
    ...(googleWallet ? [{ label: WALLET_MESSAGES.saveToGoogleWallet, url: googleWallet }] : []),
  ];
}
