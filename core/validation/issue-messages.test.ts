import { describe, expect, it } from 'vitest';
import { fieldWords, labelOf } from './issue-messages';

describe('field names in words', () => {
  it('words an API key', () => {
    expect(labelOf('deviceName')).toBe('Device name');
    expect(fieldWords(['users', 2, 'email'])).toBe('Email (users, row 3)');
  });

  it('words keys that name properties every object inherits as they are typed', () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(labelOf(key)).not.toMatch(/object|function|native code/i);
    }
    expect(labelOf('__proto__')).toBe('Proto');
  });
});
