import { eq } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { cards } from './card-tables';

export async function markCardUsed(db: Queryable, cardId: string, at: Date) {
  await db.update(cards).set({ lastUsedAt: at }).where(eq(cards.id, cardId));
}
