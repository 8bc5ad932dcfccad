import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * How far an outbound connection may reach (docs/decisions/0063):
 * - `lan`: a gate relay, which lives on the site's private network, so private ranges are allowed;
 * - `internet`: a public service (push services, later webhooks), so only global unicast is allowed.
 * Both refuse this machine, its link, groups and metadata services, in every spelling.
 */
export type OutboundReach = 'lan' | 'internet';

/** Ranges that reach this machine, its link or a group instead of one gate relay. */
const LAN_REFUSED_RANGES = new Set(['unspecified', 'loopback', 'linkLocal', 'multicast', 'broadcast']);

/** Cloud instance-metadata services (AWS IPv4 and IPv6, Alibaba): they hand out credentials. */
const METADATA_ADDRESSES = new Set(
  ['169.254.169.254', 'fd00:ec2::254', '100.100.100.200'].map((address) => ipaddr.parse(address).toNormalizedString()),
);

/** Names of metadata services (Google Cloud, AWS), refused before any lookup. */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/** Suffixes only a private resolver answers: never a public service. */
const PRIVATE_NAME_SUFFIX = /\.(internal|local|localdomain|lan|home\.arpa|intranet|corp)$/;

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
 * True for an IP address an outbound connection of this reach may never go to: loopback,
 * unspecified, link-local, multicast, broadcast and metadata addresses, in any spelling
 * (`0000::1`, `127.1`) and behind any IPv6 form that embeds such an IPv4 address; for
 * `internet`, also every private, shared and reserved range.
 */
export function isRefusedAddress(ip: string, reach: OutboundReach = 'lan'): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.parse(ip);
  if (METADATA_ADDRESSES.has(address.toNormalizedString())) return true;
  const range = address.range();
  if (reach === 'lan' && LAN_REFUSED_RANGES.has(range)) return true;
  if (address.kind() === 'ipv6') {
    const inner = embeddedIpv4(address as ipaddr.IPv6);
    if (inner !== null) return isRefusedAddress(inner.toString(), reach);
  }
  return reach === 'internet' && range !== 'unicast';
}

/** Names that resolve to this machine by definition (RFC 6761). */
const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** A name a public service could have: dotted, outside the suffixes only private resolvers answer. */
const isPublicName = (host: string) => host.includes('.') && !PRIVATE_NAME_SUFFIX.test(host);

/**
 * A host (name or IP literal, IPv6 with or without brackets) refused before any lookup; other
 * names are checked on the addresses they resolve to at connect time (checkedLookup).
 */
export function isRefusedHost(host: string, reach: OutboundReach = 'lan'): boolean {
  const bare = host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (isLocalhostName(bare) || METADATA_NAMES.has(bare)) return true;
  if (ipaddr.isValid(bare)) return isRefusedAddress(bare, reach);
  return reach === 'internet' && !isPublicName(bare);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A resolver with dns.lookup's `all: true` form: the system's, or one a test stands in. */
export type HostResolver = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/** The form of `lookup` that http.request and net.connect take. */
export type ConnectLookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void;

export const ADDRESS_REFUSED = 'EADDRESSREFUSED';

const systemResolver: HostResolver = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/** The resolver as connect's lookup, unchecked: where local addresses are allowed (development, tests). */
export function plainLookup(resolve: HostResolver = systemResolver): ConnectLookup {
  return (hostname, options, callback) =>
    resolve(hostname, { ...options, all: true }, (error, list) => {
      if (error) return callback(error, []);
      if (options.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
}

/**
 * The DNS lookup of every checked outbound connection: the name is resolved here and refused
 * when any address it resolves to is refused, so the socket only ever connects to an address that
 * was checked (a name re-pointed at 127.0.0.1 after it was saved is caught too).
 */
export function checkedLookup(reach: OutboundReach, resolve: HostResolver = systemResolver): ConnectLookup {
  return (hostname, options, callback) =>
    plainLookup(resolve)(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as dns.LookupAddress[];
      if (list.some((entry) => isRefusedAddress(entry.address, reach))) {
        const refused = Object.assign(new Error(`${hostname} resolves to a refused address`), {
          code: ADDRESS_REFUSED,
        });
        return callback(refused, []);
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
}

/** An IP literal the socket would connect to without any lookup. */
export const isIpLiteral = (host: string) => net.isIP(host) !== 0;
