import { type SQL, sql } from 'drizzle-orm';
import { credentialHolders } from '../accounts/credential-holders';
import { cards } from './card-tables';

/**
 * The statement that finds the card with this lookup hash at the property and its holder (at most
 * one row: card_id, enabled, holder_id, first_name, last_name, email, phone_number). A fragment, not
 * a read: the reader runs it inside the statement that counts the guess (reader/card-lockout.ts),
 * one round trip. A holder who has moved to another property, or become a super administrator, no
 * longer holds the card.
 */
export function cardTapLookup(propertyId: string, lookupHash: string): SQL {
  return sql`select card.id as card_id, card.enabled, holder.id as holder_id, holder.first_name, holder.last_name,
          holder.email, holder.phone_number
        from ${cards} as card join ${credentialHolders} as holder on holder.id = card.user_id
          and holder.property_id = card.property_id
        where card.property_id = ${propertyId} and card.lookup_hash = ${lookupHash} limit 1`;
}
