import { describe, expect, it } from 'vitest';
import { roughly } from './rough-total';

describe('roughly', () => {
  it('keeps two significant figures, rounding or raising', () => {
    expect([7_047, 73_408, 989_612, 42].map((n) => roughly(n))).toEqual([7_000, 73_000, 990_000, 42]);
    expect([1_001, 20_778].map((n) => roughly(n, Math.ceil))).toEqual([1_100, 21_000]);
  });
});
