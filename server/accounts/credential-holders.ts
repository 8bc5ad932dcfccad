import { sql } from 'drizzle-orm';
import { users } from './account-tables';

/**
 * The people who can hold a credential at their property (everyone but a super administrator), as
 * a derived table (id, property_id, first_name, last_name, email, phone_number) another domain's
 * statement joins: the card tap finds a card and its holder in one round trip.
 */
export const credentialHolders = sql`(select id, property_id, first_name, last_name, email, phone_number
    from ${users} where role <> 'superadmin')`;
