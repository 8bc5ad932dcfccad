import { CARD_MESSAGES, type CardDto } from '@core/api/cards';
import { asc, desc, eq } from 'drizzle-orm';
import { accountRows } from '../accounts/account-rows';
import type { Queryable } from '../platform/db/connect';
import { isUniqueViolation } from '../platform/db/unique-violation';
import { conflict } from '../platform/errors/http-error';
import { cards } from './card-tables';

const cardWithPerson = { card: cards, firstName: accountRows.firstName, lastName: accountRows.lastName };
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
    .innerJoin(accountRows, eq(accountRows.id, cards.userId))
    .where(eq(cards.propertyId, propertyId))
    .orderBy(desc(cards.createdAt), cards.id);
  return rows.map(toCardDto);
}

export async function findCard(db: Queryable, cardId: string): Promise<CardDto | null> {
  const [row] = await db
    .select(cardWithPerson)
    .from(cards)
    .innerJoin(accountRows, eq(accountRows.id, cards.userId))
    .where(eq(cards.id, cardId))
    .limit(1);
  return row ? toCardDto(row) : null;
}

export async function cardScopeOf(db: Queryable, cardId: string | undefined) {
  if (!cardId) return null;
  const [row] = await db.select({ propertyId: cards.propertyId }).from(cards).where(eq(cards.id, cardId)).limit(1);
  return row ?? null;
}

/** Enrols a card; 409 when the property already has a card with this number. */
export async function insertCard(db: Queryable, values: typeof cards.$inferInsert): Promise<string> {
  const [row] = await db
    .insert(cards)
    .values(values)
    .returning({ id: cards.id })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'cards_property_lookup_unique')) throw conflict(CARD_MESSAGES.duplicate, 'number');
      throw error;
    });
  return row.id;
}

export async function updateCard(db: Queryable, cardId: string, set: { enabled?: boolean; label?: string }) {
  await db.update(cards).set(set).where(eq(cards.id, cardId));
}

export async function deleteCard(db: Queryable, cardId: string) {
  await db.delete(cards).where(eq(cards.id, cardId));
}

/** The ids of the person's cards. */
export async function cardIdsOf(db: Queryable, userId: string): Promise<{ id: string }[]> {
  return db.select({ id: cards.id }).from(cards).where(eq(cards.userId, userId));
}

/** The person's cards, oldest first. */
export async function cardRowsOf(db: Queryable, userId: string) {
  return db.select().from(cards).where(eq(cards.userId, userId)).orderBy(asc(cards.createdAt));
}

/** Disables every card of the person (they left the property the cards open, or became a super administrator). */
export async function disableCardsOf(db: Queryable, userId: string) {
  await db.update(cards).set({ enabled: false }).where(eq(cards.userId, userId));
}
