import { afterEach, describe, expect, it } from 'vitest';
import { iceTransportPolicy, rememberIcePolicyFromAddress } from './ice-policy';

const at = (search: string) => window.history.replaceState(null, '', `/reader${search}`);

describe('the relay-only switch (decision 0096)', () => {
  afterEach(() => {
    localStorage.clear();
    at('');
  });

  it('is off unless asked', () => {
    expect(iceTransportPolicy()).toBe('all');
  });

  it('?ice=relay holds this browser to relays across pages, until ?ice=all', () => {
    at('?ice=relay');
    rememberIcePolicyFromAddress();
    at('');
    expect(iceTransportPolicy()).toBe('relay');
    at('?ice=all');
    expect(iceTransportPolicy()).toBe('all');
    at('');
    expect(iceTransportPolicy()).toBe('all');
  });
});
