import dns from 'node:dns';
import net from 'node:net';

/** Loopback, unspecified and link-local addresses: never a gate relay outside development. */
export function isLocalAddress(ip: string): boolean {
  const address = ip.toLowerCase().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return isLocalAddress(mapped[1]);
  if (net.isIPv4(address)) {
    const [a, b] = address.split('.').map(Number);
    return a === 127 || a === 0 || (a === 169 && b === 254);
  }
  if (net.isIPv6(address)) {
    return address === '::1' || address === '::' || /^fe[89ab][0-9a-f]:/.test(address);
  }
  return false;
}

/** True when a registered host is plainly local (IP literal or localhost) before any lookup. */
export function isLocalHost(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare.endsWith('.localhost') || isLocalAddress(bare);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A DNS lookup for http.request that refuses names resolving to local addresses. */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as dns.LookupAddress[];
    if (list.some((entry) => isLocalAddress(entry.address))) {
      const refused = Object.assign(new Error(`${hostname} resolves to a local address`), { code: 'ELOCALREFUSED' });
      return callback(refused, []);
    }
    if (options.all) return callback(null, list);
    return callback(null, list[0].address, list[0].family);
  });
}
