import type { AppConfig } from '../../../platform/settings/config';

/** Who passkeys are made for: the site of APP_URL (its host is the RP ID, its origin the only one accepted). */
export function relyingPartyOf(config: Pick<AppConfig, 'appUrl'>) {
  const url = new URL(config.appUrl);
  return { name: 'Gatehouse', id: url.hostname, origin: url.origin };
}
