import { getTableColumns } from 'drizzle-orm';
import { pgView } from 'drizzle-orm/pg-core';
import { properties } from './property-tables';

/**
 * The properties as what a read of another domain joins to its own rows in one statement
 * (`.leftJoin(propertyRows, eq(propertyRows.id, …))`, its columns `propertyRows.timeZone` and so on).
 * Read-only: Drizzle takes it for a view named `properties`, so it builds selects only; PostgreSQL
 * reads the table of that name, in the very statement the table itself would give (no view is
 * created: drizzle-kit reads the `-tables.ts` files only).
 */
export const propertyRows = pgView('properties').as((qb) => qb.select().from(properties));

/**
 * The whole property row of propertyRows, to select as one object: the table's own columns, which render as
 * the view's (it has the table's name) and map a row without the view's proxies (a tenth of the scan's
 * server time, bench/results/issue-42-gate-path-fragments-access-qr.json).
 */
export const propertyRowColumns = getTableColumns(properties);
