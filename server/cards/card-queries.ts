import type { CardDto } from '@core/api/cards';
import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { cards, users } from '../platform/db/schema';

const cardWithPerson = { card: cards, firstName: users.firstName, lastName: users.lastName };
type CardRow = { card: typeof cards.$inferSelect; firstName: string; lastName: string };

export const toCardDto = ({ card, firstName, lastName }: CardRow): CardDto => ({
  _id: card.id,
  userId: card.userId,
  firstName,
  lastName,
  hint: card.hint,
  label: card.label,
  enabled: card.enabled,
  lastUsedAt: card.lastUsedAt ? card.lastUsedAt.toISOString() : null,
  createdAt: card.createdAt.toISOString(),
});

/** A property's cards, newest first, each with its holder's name. */
export async function cardsOfProperty(db: Queryable, propertyId: string): Promise<CardDto[]> {
  const rows = await db
    .select(cardWithPerson)
    .from(cards)
    .innerJoin(users, eq(users.id, cards.userId))
    .where(eq(cards.propertyId, propertyId))
    .orderBy(desc(cards.createdAt), cards.id);
  return rows.map(toCardDto);
}

export async function findCard(db: Queryable, cardId: string): Promise<CardDto | null> {
  const [row] = await db
    .select(cardWithPerson)
    .from(cards)
    .innerJoin(users, eq(users.id, cards.userId))
    .where(eq(cards.id, cardId))
    .limit(1);
  return row ? toCardDto(row) : null;
}

export async function cardScopeOf(db: Queryable, cardId: string | undefined) {
  if (!cardId) return null;
  const [row] = await db.select({ propertyId: cards.propertyId }).from(cards).where(eq(cards.id, cardId)).limit(1);
  return row ?? null;
}
