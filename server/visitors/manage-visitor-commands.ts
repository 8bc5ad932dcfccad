import { DASHBOARD_MESSAGES, type updateVisitorRequest } from '@core/api/dashboard';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../platform/db/connect';
import { visitors } from '../platform/db/schema';
import { isUniqueViolation } from '../platform/db/unique-violation';
import { conflict, notFound } from '../platform/errors/http-error';

export async function updateManagedVisitor(db: Queryable, update: z.output<typeof updateVisitorRequest>) {
  try {
    const updated = await db
      .update(visitors)
      .set({ firstName: update.firstName, lastName: update.lastName, email: update.email })
      .where(eq(visitors.id, update._id))
      .returning({ id: visitors.id });
    if (!updated.length) throw notFound();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DASHBOARD_MESSAGES.visitorEmailTaken);
    throw error;
  }
}

/** Deleting a visitor deletes their QR codes (ON DELETE CASCADE): the gate refuses them at once. */
export async function deleteManagedVisitor(db: Queryable, visitorId: string) {
  const deleted = await db.delete(visitors).where(eq(visitors.id, visitorId)).returning({ id: visitors.id });
  if (!deleted.length) throw notFound();
}

export async function visitorScope(db: Queryable, visitorId: string | undefined) {
  if (!visitorId) return null;
  const [row] = await db
    .select({ propertyId: visitors.propertyId })
    .from(visitors)
    .where(eq(visitors.id, visitorId))
    .limit(1);
  return row ?? null;
}
