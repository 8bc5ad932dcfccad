import { getTableColumns } from 'drizzle-orm';
import { pgView } from 'drizzle-orm/pg-core';
import { qrCodes, visitors } from './visitor-tables';

/**
 * The QR codes and their visitors as what the reader's scan lookup joins in its one statement.
 * Read-only: Drizzle takes them for views named as the tables, and PostgreSQL reads those tables
 * in the very statement the tables themselves would give (no view is created).
 */
export const qrCodeRows = pgView('qr_codes').as((qb) => qb.select().from(qrCodes));
export const visitorRows = pgView('visitors').as((qb) => qb.select().from(visitors));

/** Their columns to select: the tables' own, which render as the views' and map a row without the views' proxies. */
export const qrCodeColumns = getTableColumns(qrCodes);
export const visitorColumns = getTableColumns(visitors);
