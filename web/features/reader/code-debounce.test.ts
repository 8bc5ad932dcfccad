import { describe, expect, it } from 'vitest';
import { CodeDebounce } from './code-debounce';

describe('CodeDebounce', () => {
  it('decides a code held in view once, however many frames see it', () => {
    const debounce = new CodeDebounce(3000);
    const decided = [0, 100, 200, 2900, 5000, 7500].filter((t) => debounce.fresh('pass-a', t));
    expect(decided).toEqual([0]);
  });

  it('decides it again once it has been out of sight for the quiet time', () => {
    const debounce = new CodeDebounce(3000);
    expect(debounce.fresh('pass-a', 0)).toBe(true);
    expect(debounce.fresh('pass-a', 3001)).toBe(true);
  });

  it('keeps codes apart', () => {
    const debounce = new CodeDebounce(3000);
    expect(debounce.fresh('pass-a', 0)).toBe(true);
    expect(debounce.fresh('pass-b', 10)).toBe(true);
    expect(debounce.fresh('pass-a', 20)).toBe(false);
  });
});
