import { getTableColumns, type SQL, sql } from 'drizzle-orm';
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

/**
 * Whether this gate's relay is latched on now, as a column of the caller's one statement (the gate
 * decision's rule facts): the table is named in SQL, the hold row's owner writes the words.
 */
export const relayHeldOnColumn = (deviceId: SQL) =>
  sql<boolean>`exists (select 1 from gate_holds h where h.device_id = ${deviceId} and h.asserted_on)`;
