import { describe, expect, it } from 'vitest';
import { guardedLookup, isLocalAddress, isLocalHost } from './address-guard';

describe('address guard', () => {
  it('knows loopback, unspecified and link-local addresses in IPv4, IPv6 and mapped form', () => {
    for (const local of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '169.254.10.1',
      '::1',
      '::',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLocalAddress(local), local).toBe(true);
    }
    for (const remote of ['192.168.1.20', '10.0.0.5', '8.8.8.8', 'fd00::5', '2001:db8::1']) {
      expect(isLocalAddress(remote), remote).toBe(false);
    }
    expect(isLocalHost('localhost')).toBe(true);
    expect(isLocalHost('[::1]')).toBe(true);
    expect(isLocalHost('gate.lan')).toBe(false);
  });

  it('refuses a name that resolves to a local address', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup('localhost', {}, (failure) => resolve(failure)),
    );
    expect(error?.code).toBe('ELOCALREFUSED');
  });
});
