import { describe, expect, it } from 'vitest';
import { errorsCsv, parseBulkCsv, templateCsv } from './bulk-csv';
import { bulkRowErrors, isBulkRowValid } from './bulk-row';
import { parseCsvRecords } from './csv';

const row = (values: Partial<Record<string, string>> = {}) => ({
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phoneNumber: '',
  role: 'resident',
  propertyId: 'p1',
  ...values,
});

describe('bulk CSV import (SPEC §5)', () => {
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
    expect(templateCsv('admin')).toBe('firstName,lastName,email,phoneNumber\n');
    expect(templateCsv('superadmin')).toBe('firstName,lastName,email,phoneNumber,role,propertyId\n');
  });

  it('exports errors.csv with quoting', () => {
    expect(errorsCsv([{ email: 'a@b.co', message: 'Bad, really' }])).toBe('email,message\na@b.co,"Bad, really"');
  });
});

describe('bulk row validation (SPEC §5)', () => {
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
