import { describe, expect, it } from 'vitest';
import { decodeClaims, secondsRemaining } from './claims';

const encode = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: unknown) => `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
const valid = { role: 'admin', exp: 2_000_000_000, PID: 'p1', UID: 'u1', _id: 'u1', propertyFeatures: ['qr'] };

describe('decodeClaims', () => {
  it('reads the claims the client relies on', () => {
    expect(decodeClaims(token(valid))).toEqual(valid);
  });
  it('treats unreadable tokens as absent', () => {
    expect(decodeClaims('garbage')).toBeNull();
    expect(decodeClaims(token({ ...valid, role: 'janitor' }))).toBeNull();
    expect(decodeClaims(token({ role: 'admin' }))).toBeNull();
  });
  it('counts the seconds left', () => {
    expect(secondsRemaining(valid as never, (2_000_000_000 - 1800) * 1000)).toBe(1800);
  });
});
