import { describe, expect, it } from 'vitest';
import { counted } from './counted';

describe('counted', () => {
  it('uses the singular for one and the plural for any other count', () => {
    expect(counted(1, 'user', 'users')).toBe('1 user');
    expect(counted(0, 'user', 'users')).toBe('0 users');
    expect(counted(2, 'user', 'users')).toBe('2 users');
  });
});
