import type { BulkUploadError } from '../api/bulk';
import { parseCsvRecords } from '../csv/csv-reader';
import { csvLine, toCsv } from '../csv/csv-writer';
import type { Role } from '../roles';
import { type BulkRow, emptyBulkRow, normalizeBulkRole } from './bulk-row';

const ADMIN_COLUMNS = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;
const ALL_COLUMNS = [...ADMIN_COLUMNS, 'role', 'propertyId'] as const;

/** Template columns per uploader (docs/SPEC.md §9): role and propertyId only for non-admins. */
export function templateColumns(uploader: Role): readonly (keyof BulkRow)[] {
  return uploader === 'admin' ? ADMIN_COLUMNS : ALL_COLUMNS;
}

export function templateCsv(uploader: Role): string {
  return csvLine(templateColumns(uploader));
}

const squash = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
const COLUMN_BY_HEADER = new Map<string, keyof BulkRow>(ALL_COLUMNS.map((column) => [squash(column), column]));
COLUMN_BY_HEADER.set('phone', 'phoneNumber');
COLUMN_BY_HEADER.set('property', 'propertyId');

/**
 * Rows of an uploaded CSV (docs/SPEC.md §5 CSV import): the first record is the header, empty lines are
 * skipped, 'property manager' becomes admin and other roles are lowercased. Unknown columns are ignored.
 */
export function parseBulkCsv(text: string): BulkRow[] {
  const [header, ...records] = parseCsvRecords(text);
  if (!header) return [];
  const columns = header.map((name) => COLUMN_BY_HEADER.get(squash(name)));
  return records
    .filter((record) => record.some((cell) => cell.trim() !== ''))
    .map((record) => {
      const row = { ...emptyBulkRow(), role: '' };
      columns.forEach((column, index) => {
        if (column) row[column] = (record[index] ?? '').trim();
      });
      row.role = normalizeBulkRole(row.role);
      return row;
    });
}

/** errors.csv: the email and message of every failed row. */
export function errorsCsv(errors: readonly Pick<BulkUploadError, 'email' | 'message'>[]): string {
  return toCsv(
    ['email', 'message'],
    errors.map((error) => [error.email, error.message]),
  );
}
