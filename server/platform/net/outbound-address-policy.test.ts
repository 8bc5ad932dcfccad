import type dns from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  ALLOWED_DEVICE_ADDRESSES,
  PRIVATE_NETWORK_ADDRESSES,
  REFUSED_ADDRESS_SPELLINGS,
} from '../../../test/guard-rails/breaking-values';
import {
  ADDRESS_REFUSED,
  checkedLookup,
  type HostResolver,
  isRefusedAddress,
  isRefusedHost,
} from './outbound-address-policy';

const lookupError = (lookup: ReturnType<typeof checkedLookup>, name: string, all: boolean) =>
  new Promise<NodeJS.ErrnoException | null>((resolve) => lookup(name, { all }, (failure) => resolve(failure)));

describe('outbound address policy, lan reach (gate relays)', () => {
  it.each(REFUSED_ADDRESS_SPELLINGS)('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
    expect(isRefusedHost(address)).toBe(true);
    if (address.includes(':')) expect(isRefusedHost(`[${address}]`)).toBe(true);
  });

  it.each(ALLOWED_DEVICE_ADDRESSES)('allows %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
    expect(isRefusedHost(address)).toBe(false);
  });

  it('refuses names that are local by definition or name a metadata service, and leaves other names to the lookup', () => {
    for (const name of ['localhost', 'LOCALHOST', 'gate.localhost', 'localhost.', 'metadata.google.internal'])
      expect(isRefusedHost(name), name).toBe(true);
    for (const name of ['gate.lan', 'relay-1.example.com', 'localhost-gate.lan', 'gatebox']) {
      expect(isRefusedHost(name), name).toBe(false);
    }
  });

  it('refuses a name that resolves to a loopback address, in both lookup forms', async () => {
    for (const all of [false, true]) {
      expect((await lookupError(checkedLookup('lan'), 'localhost', all))?.code, `all: ${all}`).toBe(ADDRESS_REFUSED);
    }
  });
});

describe('outbound address policy, internet reach (push services, webhooks)', () => {
  it.each([...REFUSED_ADDRESS_SPELLINGS, ...PRIVATE_NETWORK_ADDRESSES])('refuses %s', (address) => {
    expect(isRefusedAddress(address, 'internet')).toBe(true);
    expect(isRefusedHost(address, 'internet')).toBe(true);
    if (address.includes(':')) expect(isRefusedHost(`[${address}]`, 'internet')).toBe(true);
  });

  it.each(['8.8.8.8', '142.250.74.10', '2a00:1450:4001:82a::200a', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isRefusedAddress(address, 'internet')).toBe(false);
    expect(isRefusedHost(address, 'internet')).toBe(false);
  });

  it('refuses names only a private resolver answers, and leaves public names to the lookup', () => {
    for (const name of [
      'localhost',
      'metadata.google.internal',
      'METADATA',
      'gatebox',
      'push.corp',
      'box.local',
      'x.lan',
    ])
      expect(isRefusedHost(name, 'internet'), name).toBe(true);
    for (const name of ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com.'])
      expect(isRefusedHost(name, 'internet'), name).toBe(false);
  });

  it('refuses a public-looking name that resolves to a private address, whatever the resolver says first', async () => {
    const resolver =
      (addresses: string[]): HostResolver =>
      (_name, _options, callback) =>
        callback(
          null,
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as dns.LookupAddress),
        );
    for (const all of [false, true]) {
      for (const addresses of [['10.1.2.3'], ['8.8.8.8', '127.0.0.1'], ['::1']]) {
        const error = await lookupError(checkedLookup('internet', resolver(addresses)), 'push.example.com', all);
        expect(error?.code, `${addresses} all: ${all}`).toBe(ADDRESS_REFUSED);
      }
      expect(await lookupError(checkedLookup('internet', resolver(['8.8.8.8'])), 'push.example.com', all)).toBeNull();
    }
  });
});
