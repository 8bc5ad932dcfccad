import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Orm } from '../../server/platform/db/connect';
import { allTables, everyTable } from '../support/all-tables';

// Rate-limit counters and pulse leases are the server's bookkeeping, counted on every public
// request whatever its input; they hold no user data.
const BOOKKEEPING = new Set<PgTable>([allTables.limitCounters, allTables.devicePulses]);
const tables = everyTable.filter((table) => !BOOKKEEPING.has(table));
const hasPropertyColumn = (table: PgTable) =>
  Object.values(getTableColumns(table)).some((column) => column.name === 'property_id');

async function rowsChecksum(db: Orm, table: PgTable, where?: SQL): Promise<string> {
  const name = sql.raw(`"${getTableName(table)}"`);
  const result = await db.execute(
    sql`select count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum
        from ${name} t ${where ? sql`where ${where}` : sql``}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { sum: string }[] }).rows) as { sum: string }[];
  return rows[0].sum;
}

/** An md5 of every row of every table: equal before and after means nothing was written. */
export async function databaseChecksum(db: Orm): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of tables) sums[getTableName(table)] = await rowsChecksum(db, table);
  return sums;
}

/** An md5 of one property's row and of every row that belongs to it. */
export async function propertyChecksum(db: Orm, propertyId: string): Promise<Record<string, string>> {
  const sums: Record<string, string> = {
    properties: await rowsChecksum(db, allTables.properties, sql`t.id = ${propertyId}::uuid`),
  };
  for (const table of tables.filter(hasPropertyColumn)) {
    sums[getTableName(table)] = await rowsChecksum(db, table, sql`t.property_id = ${propertyId}::uuid`);
  }
  return sums;
}
