import { digitsOnly } from '@core/validation/phone';

/** What names a person: every name, email and phone they had, as they were stored. */
export interface PersonIdentifiers {
  firstNames: string[];
  lastNames: string[];
  emails: string[];
  phones: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const unique = (values: string[]) => [...new Set(values.map((value) => value.trim()).filter(Boolean))];

/**
 * The texts that stand for the person, longest first so "Riley Park" goes before "Riley": full
 * names, emails, phones (stored +1 form and its ten digits), then each name on its own as a word.
 */
function patternsOf(person: PersonIdentifiers): RegExp[] {
  const fullNames = person.firstNames.flatMap((first) => person.lastNames.map((last) => `${first} ${last}`));
  const phones = person.phones.flatMap((phone) => [phone, digitsOnly(phone).slice(-10)]);
  const literal = unique([...fullNames, ...person.emails, ...phones]).sort((a, b) => b.length - a.length);
  const words = unique([...person.firstNames, ...person.lastNames]).sort((a, b) => b.length - a.length);
  return [
    ...literal.map((text) => new RegExp(escapeRegExp(text), 'giu')),
    ...words.map((word) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'giu')),
  ];
}

/** A function that replaces every mention of the person in a text by `label`. */
export function eraserOf(person: PersonIdentifiers, label: string): (text: string) => string {
  const patterns = patternsOf(person);
  return (text) => patterns.reduce((current, pattern) => current.replace(pattern, label), text);
}

/** The same, through every string of a JSON value (trail changes, gate event details). */
export function eraseInJson<T>(value: T, erase: (text: string) => string): T {
  if (typeof value === 'string') return erase(value) as T;
  if (Array.isArray(value)) return value.map((item) => eraseInJson(item, erase)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, eraseInJson(item, erase)])) as T;
  return value;
}
