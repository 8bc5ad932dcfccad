const englishPlurals = new Intl.PluralRules('en');

/** "1 row", "4 rows": a count with the noun English uses for it. */
export function counted(count: number, one: string, other: string): string {
  return `${count} ${englishPlurals.select(count) === 'one' ? one : other}`;
}
