import net from 'node:net';

/**
 * TRUST_PROXY: the comma-separated addresses or CIDRs of the reverse proxies whose
 * X-Forwarded-For is believed. Anyone else's header is ignored, so a client cannot pick the
 * address its rate limits are counted against. Unset or empty: no proxy is trusted.
 */
export function parseTrustedProxies(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const family = net.isIP(address);
    const maxPrefix = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (!family || !prefixOk || extra !== undefined) {
      throw new Error(
        `TRUST_PROXY must list proxy addresses or CIDRs separated by commas, such as 10.0.0.0/8,127.0.0.1; "${entry}" is not one`,
      );
    }
  }
  return entries;
}
