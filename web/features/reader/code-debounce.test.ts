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

  it('from the camera, decides a code held in view once, even when no frame is read for longer than the quiet time', () => {
    const debounce = new CodeDebounce(3000);
    const frames: Array<[number, string[]]> = [
      [0, ['pass-a']],
      [100, ['pass-a']],
      [11_000, ['pass-a']],
      [11_100, ['pass-a']],
    ];
    expect(frames.flatMap(([t, codes]) => debounce.framed(codes, t))).toEqual(['pass-a']);
  });

  it('from the camera, decides it again once frames have been read without it for the quiet time', () => {
    const debounce = new CodeDebounce(3000);
    expect(debounce.framed(['pass-a'], 0)).toEqual(['pass-a']);
    expect(debounce.framed([], 2000)).toEqual([]);
    expect(debounce.framed(['pass-a'], 2500)).toEqual([]);
    expect(debounce.framed([], 5600)).toEqual([]);
    expect(debounce.framed(['pass-a', 'pass-b'], 5700)).toEqual(['pass-a', 'pass-b']);
  });

  it('keeps a pass in view while the camera stalls and a card is read meanwhile', () => {
    const debounce = new CodeDebounce(3000);
    expect(debounce.framed(['pass-a'], 0)).toEqual(['pass-a']);
    expect(debounce.fresh('card-7', 9000)).toBe(true);
    expect(debounce.framed(['pass-a'], 11_000)).toEqual([]);
  });

  it('keeps codes apart', () => {
    const debounce = new CodeDebounce(3000);
    expect(debounce.fresh('pass-a', 0)).toBe(true);
    expect(debounce.fresh('pass-b', 10)).toBe(true);
    expect(debounce.fresh('pass-a', 20)).toBe(false);
  });
});
