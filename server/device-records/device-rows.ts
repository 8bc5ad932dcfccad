import { getTableColumns } from 'drizzle-orm';
import { pgView } from 'drizzle-orm/pg-core';
import { devices } from './device-tables';

/**
 * The devices as what a read of another domain on the gate path joins in its one statement (the
 * device a scan came from, the gate a person opens, a held gate, the gate list). Read-only: Drizzle
 * takes it for a view named `devices`, so it builds selects only, and PostgreSQL reads the table of
 * that name in the very statement the table itself would give (no view is created).
 */
export const deviceRows = pgView('devices').as((qb) => qb.select().from(devices));

/**
 * The whole device row of deviceRows, to select as one object: the table's own columns, which render as
 * the view's (it has the table's name) and map a row without the view's proxies (a tenth of the scan's
 * server time, bench/results/issue-42-gate-path-fragments-access-qr.json).
 */
export const deviceRowColumns = getTableColumns(devices);
