import { passTokenParams } from '@core/api/passes';
import { decideQrAt } from '@core/validity/qr-validity';
import { describeWindow } from '@core/validity/window-messages';
import type { PlatformDeps } from '../platform/deps';
import type { WalletPass } from '../wallet/wallet-pass';
import type { WalletPassSource } from '../wallet/wallet-routes';
import { openGateToken } from './visitor-pass-link';
import { type FoundPass, findPass } from './visitor-pass-page';

/** A visitor's pass for the wallets: its QR while it can still open the gate, its window in words. */
export function visitorWalletPass(secret: Buffer, { code, property }: FoundPass, now: Date): WalletPass {
  const decision = decideQrAt(code, now, property.timeZone);
  const live = decision !== 'expired' && decision !== 'unknown' && code.tokenSealed !== null;
  return {
    serial: `visitor-${code.id}`,
    code: live && code.tokenSealed ? openGateToken(secret, code.tokenSealed) : null,
    title: 'Visitor pass',
    holder: `${code.qrFirstName} ${code.qrLastName}`.trim(),
    property,
    window: describeWindow(code, property.timeZone),
    startsAt: code.startDate,
    endsAt: code.lifetimeValidity ? null : code.endDate,
  };
}

/** The wallet pass a visitor's link names, or null when there is none (or it was deleted). */
export async function findVisitorWalletPass(deps: Pick<PlatformDeps, 'db' | 'config'>, linkToken: string) {
  const found = await findPass(deps.db, linkToken);
  return found && visitorWalletPass(deps.config.secret, found, deps.config.now());
}

export const visitorWalletSource: WalletPassSource = {
  path: '/api/pass/:passToken',
  params: passTokenParams,
  tag: 'visitors',
  find: findVisitorWalletPass,
};
