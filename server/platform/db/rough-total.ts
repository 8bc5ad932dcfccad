/**
 * An estimated total to two significant figures, so it does not look like a count. `to` rounds
 * (the default) or raises, for a total that must stay above what a page has already shown.
 */
export function roughly(n: number, to: (x: number) => number = Math.round): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return to(n / unit) * unit;
}
