import { getTableColumns } from 'drizzle-orm';
import { type PgTable, pgView } from 'drizzle-orm/pg-core';
import { users } from './account-tables';

/**
 * The accounts as the source of another domain's read that joins its own rows to an account in one
 * statement (the caller check, sign-in, pause facts, the account scope): `.from(accountRows)`, its
 * columns `accountRows.role` and so on. Read-only: Drizzle takes it for a view named `users`, so it
 * builds selects only; PostgreSQL reads the table of that name, in the very statement the table
 * itself would give (no view is created: drizzle-kit reads the `-tables.ts` files only).
 */
export const accountRows = pgView('users').as((qb) => qb.select().from(users));

/**
 * The whole account row of accountRows, to select as one object: the table's own columns, which render as
 * the view's (it has the table's name) and map a row without the view's proxies (a tenth of the scan's
 * server time, bench/results/issue-42-gate-path-fragments-access-qr.json).
 */
export const accountRowColumns = getTableColumns(users);

/**
 * A lock (`.for('share', ofAccountRows)`) of the account rows a read from accountRows reads, and of
 * nothing it joins (`for share of "users"`). Drizzle types the names a lock takes as tables only.
 */
export const ofAccountRows = { of: accountRows as unknown as PgTable };
