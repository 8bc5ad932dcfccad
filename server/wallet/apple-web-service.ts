import { deriveKey, hmacHex } from '../platform/crypto/keys';

/**
 * What an installed Apple pass will call for updates (the second step of issue 45, decision 0086):
 * `webServiceURL` and a per-pass `authenticationToken` derived from the serial, so nothing is
 * stored now and the service, once built, checks a caller by deriving it again. Apple calls only
 * https addresses, so an http APP_URL gives none.
 */
export function appleWebService(secret: Buffer, appUrl: string, serial: string) {
  if (!appUrl.startsWith('https://')) return {};
  return {
    webServiceURL: `${appUrl}/api/wallet/apple`,
    authenticationToken: hmacHex(deriveKey(secret, 'apple-wallet-web-service'), serial),
  };
}
