import { describe, expect, it } from 'vitest';
import { registerUserRequest } from '../api/accounts';
import { updateUserRequest, updateVisitorRequest } from '../api/dashboard';
import { registerDeviceBody } from '../api/devices';
import { registerPropertyBody } from '../api/properties';
import { registerVisitorRequest } from '../api/visitors';
import { hasHiddenCharacters, requiredName } from './visible-text';

const HIDDEN = {
  nul: 'Ann\u0000',
  'right-to-left override': 'Ann\u202Eeel',
  'left-to-right embedding': '\u202AAnn',
  'pop directional formatting': 'Ann\u202C',
  'first strong isolate': '\u2068Ann\u2069',
  'zero-width space': 'An\u200Bn',
  'zero-width non-joiner': 'An\u200Cn',
  'zero-width joiner': 'An\u200Dn',
  'word joiner': 'An\u2060n',
  'leading byte-order mark': '\uFEFFAnn',
};

describe('names hold only visible, left-to-right-safe characters', () => {
  it.each(Object.entries(HIDDEN))('refuses a %s', (_kind, value) => {
    expect(hasHiddenCharacters(value)).toBe(true);
    expect(requiredName('First name', 100).safeParse(value).error?.issues[0].message).toBe(
      'First name must not contain invisible characters or characters that change the direction of text',
    );
  });

  it('keeps accents, other scripts, emoji and right-to-left names', () => {
    for (const name of ['Zoë Ångström', 'José-María', '王小明', 'محمد', 'שרה', 'Anna 🌻', "O'Neil"]) {
      expect(hasHiddenCharacters(name), name).toBe(false);
      expect(requiredName('First name', 100).safeParse(name).success, name).toBe(true);
    }
  });

  it('names the field in every form that takes a name', () => {
    const bidi = HIDDEN['right-to-left override'];
    const cases = [
      [registerUserRequest, { firstName: 'A', lastName: bidi, email: 'a@example.com' }, 'lastName', 'Last name'],
      [
        updateUserRequest,
        { _id: crypto.randomUUID(), firstName: bidi, lastName: 'B', email: 'a@example.com' },
        'firstName',
        'First name',
      ],
      [
        updateVisitorRequest,
        { _id: crypto.randomUUID(), firstName: 'A', lastName: bidi, email: 'a@example.com' },
        'lastName',
        'Last name',
      ],
      [
        registerVisitorRequest,
        { firstName: bidi, lastName: 'B', email: 'a@example.com', qrType: 'betweenDates', lifetimeValidity: true },
        'firstName',
        'First name',
      ],
      [registerPropertyBody, { propertyName: 'Oak', propertyLocation: bidi }, 'propertyLocation', 'Property location'],
      [
        registerDeviceBody,
        { deviceName: bidi, deviceType: 'gate', deviceIpAddress: '10.0.0.5', propertyId: crypto.randomUUID() },
        'deviceName',
        'Device Name',
      ],
      [
        registerDeviceBody,
        {
          deviceName: 'Gate',
          deviceLabel: bidi,
          deviceType: 'gate',
          deviceIpAddress: '10.0.0.5',
          propertyId: crypto.randomUUID(),
        },
        'deviceLabel',
        'Device Label',
      ],
    ] as const;
    for (const [schema, body, field, label] of cases) {
      const issues = schema.safeParse(body).error?.issues ?? [];
      expect(
        issues.map((issue) => [issue.path.join('.'), issue.message]),
        field,
      ).toEqual([
        [field, `${label} must not contain invisible characters or characters that change the direction of text`],
      ]);
    }
  });
});
