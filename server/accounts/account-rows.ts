import { getTableColumns, sql } from 'drizzle-orm';
import { type PgTable, QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from './account-tables';

/**
 * The accounts as the source of another domain's read that joins its own rows to an account in one
 * statement (the caller check, sign-in, pause facts): `.from(accountRows)`, its columns
 * `accountRows.role` and so on. A subquery named `users`, which PostgreSQL flattens: the read is
 * planned as the join on the table it was, and raw SQL naming `users.id` still finds the account.
 */
export const accountRows = new QueryBuilder().select(getTableColumns(users)).from(users).as('users');

/** The whole account row of accountRows, to select as one object. */
export const accountRowColumns = accountRows._.selectedFields;

/**
 * A lock (`.for('share', ofAccountRows)`) of the account rows a read from accountRows reads, and of
 * nothing it joins. PostgreSQL takes the subquery's name (`for share of users`); Drizzle's type
 * names tables only, hence the cast.
 */
export const ofAccountRows = { of: sql.identifier('users') as unknown as PgTable };
