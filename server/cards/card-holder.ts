import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/connect';
import { cards } from '../db/schema';

export async function markCardUsed(db: Queryable, cardId: string, at: Date) {
  await db.update(cards).set({ lastUsedAt: at }).where(eq(cards.id, cardId));
}
