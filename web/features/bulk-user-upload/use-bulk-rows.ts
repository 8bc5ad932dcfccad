import type { TokenClaims } from '@core/api/auth';
import { parseBulkCsv } from '@core/bulk/bulk-csv';
import { type BulkRow, type BulkRowErrors, bulkTableErrors, emptyBulkRow, hasRowErrors } from '@core/bulk/bulk-row';
import { useMemo, useState } from 'react';

export interface KeyedRow extends BulkRow {
  key: number;
}

let nextKey = 1;

/** Rows with errors first, in their file order, then the good ones: what needs a look is on top. */
function badRowsFirst(rows: KeyedRow[], errors: BulkRowErrors[]): KeyedRow[] {
  const bad = rows.filter((_, index) => hasRowErrors(errors[index]));
  return [...bad, ...rows.filter((_, index) => !hasRowErrors(errors[index]))];
}

/** The rows of the Bulk User Creation table; an admin's rows are residents of their own property. */
export function useBulkRows(claims: TokenClaims) {
  const forced = claims.role === 'admin';
  const [rows, setRows] = useState<KeyedRow[]>([]);
  const withKey = (row: BulkRow): KeyedRow =>
    forced ? { ...row, role: 'resident', propertyId: claims.PID ?? '', key: nextKey++ } : { ...row, key: nextKey++ };

  const errors = useMemo(() => {
    const found = bulkTableErrors(rows, claims.role);
    return new Map<number, BulkRowErrors>(rows.map((row, index) => [row.key, found[index]]));
  }, [rows, claims.role]);
  const withErrors = [...errors.values()].filter(hasRowErrors).length;

  return {
    rows,
    errors,
    withErrors,
    allValid: rows.length > 0 && withErrors === 0,
    loadCsv: (text: string) => {
      const loaded = parseBulkCsv(text).map(withKey);
      setRows(badRowsFirst(loaded, bulkTableErrors(loaded, claims.role)));
    },
    clear: () => setRows([]),
    add: () => setRows((current) => [...current, withKey(emptyBulkRow())]),
    remove: (key: number) => setRows((current) => current.filter((row) => row.key !== key)),
    update: (key: number, field: keyof BulkRow, value: string) =>
      setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row))),
    /** After an upload of `sent`, keeps only the rows the server refused (by position), to fix and send again. */
    keepFailed: (sent: readonly KeyedRow[], failedRows: readonly number[]) => {
      const failed = new Set(failedRows.map((index) => sent[index]?.key));
      setRows((current) => current.filter((row) => failed.has(row.key)));
    },
  };
}
