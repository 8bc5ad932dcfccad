import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Ranges that reach this machine, its link or a group instead of one gate relay. */
const REFUSED_RANGES = new Set(['unspecified', 'loopback', 'linkLocal', 'multicast', 'broadcast']);

/** Cloud instance-metadata services (AWS IPv4 and IPv6, Alibaba): they hand out credentials. */
const METADATA_ADDRESSES = new Set(
  ['169.254.169.254', 'fd00:ec2::254', '100.100.100.200'].map((address) => ipaddr.parse(address).toNormalizedString()),
);

/**
 * IPv6 prefixes whose last 32 bits are the IPv4 address a connection really ends at:
 * IPv4-mapped (::ffff:0:0/96), IPv4-translated (RFC 6145), NAT64 (64:ff9b::/96 and the local
 * 64:ff9b:1::/48) and the deprecated IPv4-compatible ::/96.
 */
const EMBEDS_IPV4 = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052']);
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const embeds = EMBEDS_IPV4.has(address.range()) || address.match(IPV4_COMPATIBLE);
  return embeds ? new ipaddr.IPv4(address.toByteArray().slice(12)) : null;
}

/**
 * True for an IP address a gate relay may never be at (outside development): loopback,
 * unspecified, link-local, multicast, broadcast and metadata addresses, in any spelling
 * (`0000::1`, `127.1`) and behind any IPv6 form that embeds such an IPv4 address.
 * Private LAN ranges are allowed: that is where gates live.
 */
export function isRefusedAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.parse(ip);
  if (REFUSED_RANGES.has(address.range()) || METADATA_ADDRESSES.has(address.toNormalizedString())) return true;
  if (address.kind() === 'ipv4') return false;
  const inner = embeddedIpv4(address as ipaddr.IPv6);
  return inner !== null && isRefusedAddress(inner.toString());
}

/** Names that resolve to this machine by definition (RFC 6761). */
const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/**
 * A registered host (name or IP literal, IPv6 without brackets) refused before any lookup;
 * other names are checked on the addresses they resolve to at connect time.
 */
export function isRefusedHost(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[|\]$/g, '');
  return isLocalhostName(bare) || isRefusedAddress(bare);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

export const ADDRESS_REFUSED = 'EADDRESSREFUSED';

/**
 * The DNS lookup of every connection to a relay: the name is resolved here and refused when
 * any address it resolves to is refused, so the socket only ever connects to an address that
 * was checked (a name re-pointed at 127.0.0.1 after registration is caught too).
 */
export function checkedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as dns.LookupAddress[];
    if (list.some((entry) => isRefusedAddress(entry.address))) {
      const refused = Object.assign(new Error(`${hostname} resolves to a refused address`), { code: ADDRESS_REFUSED });
      return callback(refused, []);
    }
    if (options.all) return callback(null, list);
    return callback(null, list[0].address, list[0].family);
  });
}

/** An IP literal the socket would connect to without any lookup. */
export const isIpLiteral = (host: string) => net.isIP(host) !== 0;
