import { type SQLWrapper, sql } from 'drizzle-orm';
import { users } from './account-tables';

/**
 * A person's full name as a column of another domain's read, null when they have no name or are
 * gone (`userId` names that read's column with its table), in that read's own statement.
 */
export const personNameColumn = (userId: SQLWrapper) =>
  sql<string | null>`(select nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')
    from ${users} where ${users.id} = ${userId})`;
