import { describe, expect, it } from 'vitest';
import { SEARCH_TEXT_MAX, searchTextOf } from './gate-log-sink';

describe('searchTextOf', () => {
  it('lowercases everyone an entry names, and stays short however much a visitor types', () => {
    const person = { firstName: 'Ada', lastName: 'Lovelace', email: 'ADA@example.com', phoneNumber: '+15551234567' };
    const entry = {
      timestamp: new Date(),
      callerType: 'user',
      status: 'success',
      propertyId: null,
      deviceId: null,
    } as const;
    expect(searchTextOf({ ...entry, userDetails: person })).toBe('ada lovelace ada@example.com +15551234567');
    const long = { ...person, firstName: 'x'.repeat(5000) };
    expect(searchTextOf({ ...entry, userDetails: long, creatorDetails: long })).toHaveLength(SEARCH_TEXT_MAX);
  });
});
