import type { CardNumber } from '@core/cards/card-number';
import { and, eq, ne } from 'drizzle-orm';
import type { Queryable } from '../db/connect';
import { cards, users } from '../db/schema';
import { cardLookupHash } from './card-lookup';

/**
 * The card with this number at this property and its holder, in one query; null when the property
 * has no such card. A holder who has since moved to another property, or become a super
 * administrator, no longer holds it here.
 */
export async function findCardHolder(db: Queryable, secret: Buffer, propertyId: string, card: CardNumber) {
  const [row] = await db
    .select({
      cardId: cards.id,
      enabled: cards.enabled,
      holder: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phoneNumber: users.phoneNumber,
      },
    })
    .from(cards)
    .innerJoin(
      users,
      and(eq(users.id, cards.userId), eq(users.propertyId, cards.propertyId), ne(users.role, 'superadmin')),
    )
    .where(and(eq(cards.propertyId, propertyId), eq(cards.lookupHash, cardLookupHash(secret, propertyId, card))))
    .limit(1);
  return row ?? null;
}

export async function markCardUsed(db: Queryable, cardId: string, at: Date) {
  await db.update(cards).set({ lastUsedAt: at }).where(eq(cards.id, cardId));
}
