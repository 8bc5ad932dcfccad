import { digitsOnly } from '@core/validation/phone';

/** What names a person: every name, email and phone they had, as they were stored. */
export interface PersonIdentifiers {
  firstNames: string[];
  lastNames: string[];
  emails: string[];
  phones: string[];
  /** Other names shown for them, replaced whole (the intercom directory's display names). */
  aliases?: string[];
}

/** A person's identifiers and the words that stand for them once erased. */
export interface ErasedIdentity {
  identifiers: PersonIdentifiers;
  label: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const unique = (values: string[]) => [...new Set(values.map((value) => value.trim()).filter(Boolean))];

interface Replacement {
  text: string;
  label: string;
}

const longestFirst = (a: Replacement, b: Replacement) => b.text.length - a.text.length;

/** Their emails and phones (stored +1 form and its ten digits): what belongs to them alone. */
export function contactsOf(person: PersonIdentifiers): string[] {
  return unique([...person.emails, ...person.phones.flatMap((phone) => [phone, digitsOnly(phone).slice(-10)])]);
}

/**
 * The texts that stand for each person, across all of them longest first so "Riley Park" goes
 * before "Riley" and a visitor's full name before the host's surname alone: full names, emails,
 * phones, then display names and each name on its own as whole words.
 */
function patternsOf(identities: ErasedIdentity[]): [RegExp, string][] {
  const literal: Replacement[] = [];
  const words: Replacement[] = [];
  for (const { identifiers: person, label } of identities) {
    const fullNames = person.firstNames.flatMap((first) => person.lastNames.map((last) => `${first} ${last}`));
    for (const text of unique([...fullNames, ...contactsOf(person)])) literal.push({ text, label });
    // A display name may be one short word ("Al"): as a whole word only, never inside another.
    for (const text of unique([...(person.aliases ?? []), ...person.firstNames, ...person.lastNames]))
      words.push({ text, label });
  }
  return [
    ...literal
      .sort(longestFirst)
      .map(({ text, label }): [RegExp, string] => [new RegExp(escapeRegExp(text), 'giu'), label]),
    ...words
      .sort(longestFirst)
      .map(({ text, label }): [RegExp, string] => [
        new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(text)}(?![\\p{L}\\p{N}])`, 'giu'),
        label,
      ]),
  ];
}

/** A function that replaces every mention of each person in a text by their label. */
export function eraserOf(identities: ErasedIdentity[]): (text: string) => string {
  const patterns = patternsOf(identities);
  return (text) => patterns.reduce((current, [pattern, label]) => current.replace(pattern, label), text);
}

/** The same, through every string of a JSON value (trail changes, gate event details). */
export function eraseInJson<T>(value: T, erase: (text: string) => string): T {
  if (typeof value === 'string') return erase(value) as T;
  if (Array.isArray(value)) return value.map((item) => eraseInJson(item, erase)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, eraseInJson(item, erase)])) as T;
  return value;
}
