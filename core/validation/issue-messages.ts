import { type core, z } from 'zod';

type IssuePath = readonly PropertyKey[] | undefined;
type RawIssue = core.$ZodRawIssue;

/** Words for API keys whose split camelCase would read badly. */
const LABEL_OVERRIDES: Record<string, string> = {
  _id: 'Id',
  PID: 'Property',
  UID: 'User',
  qrId: 'QR code id',
  qrCodeId: 'QR code id',
  qrType: 'Date option',
  qrNotification: 'Arrival notification',
  deviceIpAddress: 'Device IP address',
  sms: 'SMS notifications',
  email: 'Email',
  pin: 'PIN',
  userType: 'Login type',
  timezone: 'Time zone',
  timeZone: 'Time zone',
  users: 'Users',
  body: 'The request body',
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'deviceName' → 'Device name'; the words a person reads for an API key. */
export function labelOf(key: string): string {
  // Own keys only: a request may name '__proto__' or 'constructor'.
  const override = Object.hasOwn(LABEL_OVERRIDES, key) ? LABEL_OVERRIDES[key] : undefined;
  if (override) return override;
  const words = key
    .replace(/^_+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return capitalize(words || 'value');
}

/** The field an issue is about, in words: 'Start time (recurring days, row 2)'. */
export function fieldWords(path: IssuePath): string {
  const keys = [...(path ?? [])];
  const last = keys.findLastIndex((key) => typeof key === 'string');
  if (last < 0) return 'The request';
  const label = labelOf(String(keys[last]));
  const row = keys.findLastIndex((key) => typeof key === 'number');
  if (row < 0) return label;
  const list = keys.slice(0, row).findLast((key) => typeof key === 'string');
  const where = list
    ? `${labelOf(String(list)).toLowerCase()}, row ${Number(keys[row]) + 1}`
    : `row ${Number(keys[row]) + 1}`;
  return row < last ? `${label} (${where})` : `${label}, row ${Number(keys[row]) + 1}`;
}

/** Ends a sentence with a full stop unless it already ends with punctuation. */
export const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** A schema-level error that names its field: `needs('must be a 24-hour time')` → 'Start time must be a 24-hour time.' */
export const needs =
  (predicate: string) =>
  (issue: { path?: IssuePath }): string =>
    `${fieldWords(issue.path)} ${predicate}.`;

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
  bigint: 'a number',
};

const quoteList = (values: readonly unknown[]) => values.map((value) => `“${String(value)}”`).join(', ');

function sizePredicate(
  issue: { origin?: string; minimum?: unknown; maximum?: unknown },
  bound: 'at least' | 'at most',
) {
  const limit = Number(bound === 'at least' ? issue.minimum : issue.maximum);
  if (issue.origin === 'string')
    return bound === 'at most' ? `can be at most ${limit} characters` : `must be ${bound} ${limit} characters long`;
  if (issue.origin === 'array' || issue.origin === 'set') return `must have ${bound} ${limit} items`;
  return `must be ${bound} ${limit}`;
}

/**
 * A sentence for every zod issue that has no message of its own, naming the field in words:
 * people read these in forms and in the server's 400 answers (never "email: ..." jargon).
 */
export function issueSentence(issue: RawIssue): string {
  const field = fieldWords(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${field} is required.`;
      return `${field} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return `${field} is required.`;
      return `${field} ${sizePredicate(issue, 'at least')}.`;
    case 'too_big':
      return `${field} ${sizePredicate(issue, 'at most')}.`;
    case 'invalid_format':
      if (issue.format === 'uuid' || issue.format === 'guid') return `${field} is not a valid id.`;
      if (issue.format === 'email') return `${field} is not a valid email address.`;
      return `${field} is not in the expected format.`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `${field} must be ${quoteList(issue.values)}.`
        : `${field} must be one of ${quoteList(issue.values)}.`;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `The field ${quoteList(issue.keys)} is not accepted here.`
        : `The fields ${quoteList(issue.keys)} are not accepted here.`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}.`;
    default:
      return `${field} is not valid.`;
  }
}

/** Every zod schema, in the browser and on the server, explains itself with issueSentence. */
export function installIssueSentences() {
  z.config({ customError: issueSentence });
}

installIssueSentences();
