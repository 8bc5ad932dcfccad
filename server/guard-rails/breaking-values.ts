import fc from 'fast-check';

export const ONE_MEGABYTE_STRING = 'a'.repeat(1024 * 1024);
export const HUGE_NUMBER = 1e300;
/** One more item than the largest list a request may carry (bulk upload: 10,000 rows). */
export const LONG_ARRAY_LENGTH = 10_001;

const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)',
  "\\' UNION SELECT * FROM users --",
  '%',
  '_',
];
const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '&lt;&#x3C;',
  '{{7*7}}#{7*7}',
];
const UNICODE = [
  'Zoë Ångström',
  '💥🚪🔑',
  '\u202Egnp.exe',
  '\u0000',
  'a\u0301\u0301\u0301',
  'ｆｕｌｌｗｉｄｔｈ',
  '\uFEFF',
  '\uD800',
];
const BAD_UUIDS = [
  'not-a-uuid',
  '123e4567-e89b-12d3-a456-42661417400',
  '123e4567-e89b-12d3-a456-4266141740000',
  'g23e4567-e89b-12d3-a456-426614174000',
  '{123e4567-e89b-12d3-a456-426614174000}',
  ' 123e4567-e89b-12d3-a456-426614174000',
  '00000000-0000-0000-0000-000000000000',
];
const NUMBERS_AS_TEXT = ['-1', '0', '-0', '1.5', '1e309', '99999999999999999999', 'NaN', 'Infinity', '0x10', ' 1', ''];
const TEXT = [...SQL, ...HTML, ...UNICODE, ...BAD_UUIDS, ...NUMBERS_AS_TEXT, '../../etc/passwd', 'true', 'null', '[]'];

/** Values for a JSON body field: wrong types, hostile and huge strings, extreme numbers. */
export const bodyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [1, 2], { nested: 'object' }, ''),
  fc.constantFrom(-1, 0, 1.5, -1e308, HUGE_NUMBER, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER * 16),
  fc.constantFrom(...TEXT),
  fc.constant(ONE_MEGABYTE_STRING),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

/** Values for a query or path parameter: always text on the wire. */
export const textValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...TEXT),
  fc.constant('x'.repeat(400)),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer().map(String),
);

/** Names of fields no schema declares, including the prototype-pollution keys. */
export const extraKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'isAdmin',
  'role ',
  '$where',
  'a'.repeat(300),
);

/** Whole bodies of the wrong shape. */
export const wrongBody = fc.constantFrom<unknown>(null, [], [{}], 'text', 42, true, { __proto__: null });
