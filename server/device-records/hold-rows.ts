import { getTableColumns } from 'drizzle-orm';
import { pgView } from 'drizzle-orm/pg-core';
import { gateHolds } from './hold-tables';

/**
 * The gates' holds as what a read of another domain joins in its one statement (the gate list, the
 * hold sweep's facts). Read-only: Drizzle takes it for a view named `gate_holds`, so it builds
 * selects only, and PostgreSQL reads the table of that name (no view is created).
 */
export const holdRows = pgView('gate_holds').as((qb) => qb.select().from(gateHolds));

/**
 * The whole hold row of holdRows, to select as one object: the table's own columns, which render as
 * the view's (it has the table's name) and map a row without the view's proxies (see deviceRowColumns).
 */
export const holdRowColumns = getTableColumns(gateHolds);
