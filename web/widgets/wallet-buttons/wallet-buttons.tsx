import { WALLET_MESSAGES, type WalletLinks } from '@core/api/wallet';
import { Stack } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

// Both wallets ask for their own badge, black, at least 48 px tall here, never restyled or
// crowded: stacked, the same width, with clear space around each.
const BADGE: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 10,
  width: 260,
  maxWidth: '100%',
  minHeight: 52,
  padding: '6px 16px',
  background: '#000',
  color: '#fff',
  textDecoration: 'none',
  border: '1px solid #a6a6a6',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Arial, sans-serif',
};

/** Apple's wallet mark: a stack of cards, drawn in the badge's colours. */
const appleWalletMark = (
  <svg width="30" height="24" viewBox="0 0 30 24" aria-hidden="true" focusable="false">
    <rect x="1" y="1" width="28" height="22" rx="4" fill="#fff" />
    <rect x="3" y="3" width="24" height="5" rx="1.5" fill="#1d9bf0" />
    <rect x="3" y="7" width="24" height="5" rx="1.5" fill="#fbbc04" />
    <rect x="3" y="11" width="24" height="5" rx="1.5" fill="#34a853" />
    <path d="M1 15h9c1.5 0 2 3 5 3s3.5-3 5-3h9v4a4 4 0 0 1-4 4H5a4 4 0 0 1-4-4z" fill="#000" stroke="#fff" />
  </svg>
);

/** Google Wallet's mark: its four coloured bands. */
const googleWalletMark = (
  <svg width="28" height="24" viewBox="0 0 28 24" aria-hidden="true" focusable="false">
    <rect x="1" y="1" width="26" height="7" rx="3" fill="#ea4335" />
    <rect x="1" y="5" width="26" height="7" rx="3" fill="#fbbc04" />
    <rect x="1" y="9" width="26" height="7" rx="3" fill="#34a853" />
    <path d="M1 14h26v5a4 4 0 0 1-4 4H5a4 4 0 0 1-4-4z" fill="#4285f4" />
  </svg>
);

function Badge({
  href,
  label,
  mark,
  radius,
  children,
}: {
  href: string;
  label: string;
  mark: ReactNode;
  radius: number;
  children: ReactNode;
}) {
  return (
    <a href={href} aria-label={label} style={{ ...BADGE, borderRadius: radius }}>
      {mark}
      {children}
    </a>
  );
}

/** "Add to Apple Wallet" and "Save to Google Wallet" under a pass, each only when offered. */
export function WalletButtons({ appleWallet, googleWallet }: WalletLinks) {
  if (!appleWallet && !googleWallet) return null;
  return (
    <Stack gap="md" align="center" w="100%" py="xs" data-testid="wallet-buttons">
      {appleWallet && (
        <Badge href={appleWallet} label={WALLET_MESSAGES.addToAppleWallet} mark={appleWalletMark} radius={10}>
          <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', lineHeight: 1.1 }}>
            <span style={{ fontSize: 12 }}>Add to</span>{' '}
            <span style={{ fontSize: 19, fontWeight: 500 }}>Apple Wallet</span>
          </span>
        </Badge>
      )}
      {googleWallet && (
        <Badge href={googleWallet} label={WALLET_MESSAGES.saveToGoogleWallet} mark={googleWalletMark} radius={100}>
          <span style={{ fontSize: 16, fontWeight: 500 }}>{WALLET_MESSAGES.saveToGoogleWallet}</span>
        </Badge>
      )}
    </Stack>
  );
}
