import fc from 'fast-check';
import { MAX_JSON_DEPTH } from '../../server/platform/http/json-body';

export const ONE_MEGABYTE_STRING = 'a'.repeat(1024 * 1024);
export const HUGE_NUMBER = 1e300;
/** One more item than the largest list a request may carry (bulk upload: 10,000 rows). */
export const LONG_ARRAY_LENGTH = 10_001;

/** Lists inside lists, one level deeper than any body may nest. */
export const DEEPLY_NESTED: unknown = Array.from({ length: MAX_JSON_DEPTH }).reduce<unknown>((inner) => [inner], []);

/**
 * Text no field may hold (NUL), and text no name may hold (bidi overrides and isolates,
 * zero-width characters): the names people read of persons, visitors, properties and devices.
 */
export const NUL_TEXT = 'Ann\u0000Lee';
export const NAME_FIELDS = ['firstName', 'lastName', 'propertyName', 'propertyLocation', 'deviceName', 'deviceLabel'];
export const HIDDEN_TEXTS = ['Ann\u202Eeel', '\u2066Ann\u2069', 'Ann\u200BLee', 'Ann\u200D', '\u2060Ann', '\uFEFFAnn'];

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
  NUL_TEXT,
  ...HIDDEN_TEXTS,
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

/** Every spelling of an address that reaches this machine, its link or a metadata service. */
export const REFUSED_ADDRESS_SPELLINGS = [
  // loopback
  '127.0.0.1',
  '127.8.9.10',
  '127.1',
  '2130706433',
  '0x7f.0.0.1',
  '017700000001',
  '::1',
  '0:0:0:0:0:0:0:1',
  '0000::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:0:7f00:1',
  '64:ff9b::7f00:1',
  '64:ff9b::127.0.0.1',
  '64:ff9b:1::7f00:1',
  '::127.0.0.1',
  // unspecified
  '0.0.0.0',
  '0',
  '::',
  '0:0:0:0:0:0:0:0',
  '::ffff:0.0.0.0',
  // link-local and metadata
  '169.254.10.1',
  '169.254.169.254',
  '::ffff:a9fe:a9fe',
  '::ffff:169.254.169.254',
  '64:ff9b::a9fe:a9fe',
  'fe80::1',
  'FE80::abcd:1',
  'fd00:ec2::254',
  'fd00:0ec2:0000::0254',
  '100.100.100.200',
  '::ffff:6464:64c8',
  // multicast and broadcast
  '224.0.0.1',
  '239.255.255.250',
  'ff02::1',
  '::ffff:e000:1',
  '255.255.255.255',
  '::ffff:ffff:ffff',
];

/** Where gates live: private LAN ranges, unique-local IPv6, carrier-grade NAT (VPNs), public addresses. */
export const ALLOWED_DEVICE_ADDRESSES = [
  '192.168.1.20',
  '10.0.0.5',
  '172.16.0.10',
  '172.31.255.1',
  '100.64.0.7',
  '100.100.100.201',
  '8.8.8.8',
  'fd00::5',
  'fd00:ec2::253',
  '2001:db8::1',
  '::ffff:192.168.1.20',
  '64:ff9b::c0a8:114',
];

/** Private, shared and reserved addresses: allowed for gates, refused for anything reached over the internet. */
export const PRIVATE_NETWORK_ADDRESSES = [
  '10.0.0.1',
  '10.0.0.5',
  '172.16.0.10',
  '192.168.1.20',
  '100.64.0.7',
  'fd00::5',
  '2001:db8::1',
  '::ffff:192.168.1.20',
  '::ffff:10.0.0.1',
  '64:ff9b::c0a8:114',
];

/** A registered `deviceIpAddress`: IPv6 in brackets, as the device forms take it. */
export const asDeviceAddress = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** Device addresses every device route must refuse (without ALLOW_LOCAL_DEVICES): each spelling, with and without a port, and local names. */
export const REFUSED_DEVICE_ADDRESSES = [
  ...REFUSED_ADDRESS_SPELLINGS.map(asDeviceAddress),
  ...REFUSED_ADDRESS_SPELLINGS.filter((_, index) => index % 4 === 0).map(
    (address) => `${asDeviceAddress(address)}:8080`,
  ),
  'localhost',
  'localhost:80',
  'gate.localhost',
];

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
