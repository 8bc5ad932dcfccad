import { describe, expect, it } from 'vitest';
import { isTrivialPin, isWellFormedPin } from './trivial-pin';

describe('secure PIN rules', () => {
  it.each(['000000', '999999', '123456', '654321', '890123', '121212', '123123', '012345'])('refuses %s', (pin) => {
    expect(isTrivialPin(pin)).toBe(true);
  });
  it.each(['284716', '100000', '135790', '112233'])('accepts %s', (pin) => {
    expect(isTrivialPin(pin)).toBe(false);
  });
  it('needs exactly 6 digits', () => {
    expect(isWellFormedPin('123456')).toBe(true);
    expect(isWellFormedPin('12345')).toBe(false);
    expect(isWellFormedPin('12345a')).toBe(false);
  });
});
