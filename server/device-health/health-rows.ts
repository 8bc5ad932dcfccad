import { getTableColumns } from 'drizzle-orm';
import { pgView } from 'drizzle-orm/pg-core';
import { deviceHealth } from './device-health-tables';

/**
 * The devices' health as what the gate list joins in its one statement. Read-only: Drizzle takes it
 * for a view named `device_health`, and PostgreSQL reads the table of that name (no view is created).
 */
export const healthRows = pgView('device_health').as((qb) => qb.select().from(deviceHealth));

/**
 * The whole health row of healthRows, to select as one object: the table's own columns, which render as
 * the view's (it has the table's name) and map a row without the view's proxies (a tenth of the scan's
 * server time, bench/results/issue-42-gate-path-fragments-access-qr.json).
 */
export const healthRowColumns = getTableColumns(deviceHealth);
