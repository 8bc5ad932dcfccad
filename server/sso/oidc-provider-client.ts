import * as oidc from 'openid-client';
import type { OidcSettings } from '../platform/settings/config';

/**
 * The provider's configuration, discovered at the first sign-in that needs it rather than at start,
 * so Gatehouse starts (and password sign-in works) while the provider is down. A failed discovery
 * is forgotten, so the next press tries again.
 */
export class OidcProviderClient {
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(readonly settings: OidcSettings) {}

  configuration(): Promise<oidc.Configuration> {
    if (!this.discovered) {
      const { issuer, clientId, clientSecret } = this.settings;
      const local = new URL(issuer).protocol === 'http:';
      this.discovered = oidc
        .discovery(new URL(issuer), clientId, clientSecret, undefined, {
          timeout: 5,
          // Only an http:// issuer (tests, a provider on the same host) needs it.
          ...(local ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .catch((error: unknown) => {
          this.discovered = null;
          throw error;
        });
    }
    return this.discovered;
  }
}
