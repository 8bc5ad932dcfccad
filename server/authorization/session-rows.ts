import { pgView } from 'drizzle-orm/pg-core';
import { sessions } from './session-tables';

/**
 * The sessions as another domain's one-statement read joins them (the gate's scope reads the caller
 * with the gate): read-only, a view named as the table, so the statement is the table's own.
 */
export const sessionRows = pgView('sessions').as((qb) => qb.select().from(sessions));
