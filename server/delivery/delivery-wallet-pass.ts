import { deliveryPassPageParams } from '@core/api/delivery-passes';
import { readableTime } from '@core/time/readable-time';
import type { PlatformDeps } from '../platform/deps';
import type { WalletPass } from '../wallet/wallet-pass';
import type { WalletPassSource } from '../wallet/wallet-routes';
import {
  type DeliveryPassRow,
  deliveryPassSecrets,
  findDeliveryPassByLink,
  stateOf,
  usesLeftOf,
} from './delivery-pass-queries';

/** A delivery pass for the wallets: its QR while it still opens the gate, until when and how many uses. */
export function deliveryWalletPass(
  secret: Buffer,
  { pass, property }: { pass: DeliveryPassRow; property: WalletPass['property'] },
  now: Date,
): WalletPass {
  const uses = `${usesLeftOf(pass)} of ${pass.usesAllowed} ${pass.usesAllowed === 1 ? 'use' : 'uses'} left`;
  return {
    serial: `delivery-${pass.id}`,
    code: stateOf(pass, now) === 'valid' ? deliveryPassSecrets(secret, pass).code : null,
    title: 'Delivery pass',
    holder: [pass.name, pass.company].filter(Boolean).join(', ') || 'A delivery',
    property,
    window: `until ${readableTime(pass.endsAt, property.timeZone)}, ${uses}`,
    startsAt: pass.startsAt,
    endsAt: pass.endsAt,
  };
}

/** The wallet pass a courier's link names, or null when there is none. */
export async function findDeliveryWalletPass(deps: Pick<PlatformDeps, 'db' | 'config'>, linkToken: string) {
  const found = await findDeliveryPassByLink(deps.db, linkToken);
  return found && deliveryWalletPass(deps.config.secret, found, deps.config.now());
}

export const deliveryWalletSource: WalletPassSource = {
  path: '/api/delivery-pass/:passToken',
  params: deliveryPassPageParams,
  tag: 'delivery passes',
  find: findDeliveryWalletPass,
};
