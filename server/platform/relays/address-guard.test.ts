import { describe, expect, it } from 'vitest';
import { ALLOWED_DEVICE_ADDRESSES, REFUSED_ADDRESS_SPELLINGS } from '../../../test/guard-rails/breaking-values';
import { ADDRESS_REFUSED, checkedLookup, isRefusedAddress, isRefusedHost } from './address-guard';

describe('address guard', () => {
  it.each(REFUSED_ADDRESS_SPELLINGS)('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
    expect(isRefusedHost(address)).toBe(true);
    if (address.includes(':')) expect(isRefusedHost(`[${address}]`)).toBe(true);
  });

  it.each(ALLOWED_DEVICE_ADDRESSES)('allows %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
    expect(isRefusedHost(address)).toBe(false);
  });

  it('refuses names that are local by definition, and leaves other names to the lookup', () => {
    for (const name of ['localhost', 'LOCALHOST', 'gate.localhost']) expect(isRefusedHost(name), name).toBe(true);
    for (const name of ['gate.lan', 'relay-1.example.com', 'localhost-gate.lan']) {
      expect(isRefusedHost(name), name).toBe(false);
    }
  });

  it('refuses a name that resolves to a loopback address, in both lookup forms', async () => {
    for (const all of [false, true]) {
      const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
        checkedLookup('localhost', { all }, (failure) => resolve(failure)),
      );
      expect(error?.code, `all: ${all}`).toBe(ADDRESS_REFUSED);
    }
  });
});
