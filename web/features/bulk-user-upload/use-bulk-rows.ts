import type { TokenClaims } from '@core/api/auth';
import { parseBulkCsv } from '@core/bulk/bulk-csv';
import { type BulkRow, type BulkRowErrors, bulkRowErrors, emptyBulkRow } from '@core/bulk/bulk-row';
import { useMemo, useState } from 'react';

export interface KeyedRow extends BulkRow {
  key: number;
}

let nextKey = 1;

/** The rows of the Bulk User Creation table; an admin's rows are residents of their own property. */
export function useBulkRows(claims: TokenClaims) {
  const forced = claims.role === 'admin';
  const [rows, setRows] = useState<KeyedRow[]>([]);
  const withKey = (row: BulkRow): KeyedRow =>
    forced ? { ...row, role: 'resident', propertyId: claims.PID ?? '', key: nextKey++ } : { ...row, key: nextKey++ };

  const errors = useMemo(
    () => new Map<number, BulkRowErrors>(rows.map((row) => [row.key, bulkRowErrors(row, claims.role)])),
    [rows, claims.role],
  );
  const allValid = rows.length > 0 && [...errors.values()].every((found) => Object.keys(found).length === 0);

  return {
    rows,
    errors,
    allValid,
    loadCsv: (text: string) => setRows(parseBulkCsv(text).map(withKey)),
    clear: () => setRows([]),
    add: () => setRows((current) => [...current, withKey(emptyBulkRow())]),
    remove: (key: number) => setRows((current) => current.filter((row) => row.key !== key)),
    update: (key: number, field: keyof BulkRow, value: string) =>
      setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row))),
    /** Keeps only the rows whose emails failed, so they can be fixed and sent again. */
    keepFailed: (emails: Set<string>) =>
      setRows((current) => current.filter((row) => emails.has(row.email.trim().toLowerCase()))),
  };
}
