import { DASHBOARD_MESSAGES, type updateVisitorRequest } from '@core/api/dashboard';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../platform/db/connect';
import { isUniqueViolation } from '../platform/db/unique-violation';
import { conflict, notFound } from '../platform/errors/http-error';
import { findVisitor } from './qr-code-queries';
import { qrCodes, visitors } from './visitor-tables';

/** Renames a visitor or changes their email; answers the visitor as they were, for the trail. */
export async function updateManagedVisitor(db: Queryable, update: z.output<typeof updateVisitorRequest>) {
  const before = await findVisitor(db, update._id);
  if (!before) throw notFound();
  try {
    await db
      .update(visitors)
      .set({ firstName: update.firstName, lastName: update.lastName, email: update.email })
      .where(eq(visitors.id, update._id));
    return before;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DASHBOARD_MESSAGES.visitorEmailTaken);
    throw error;
  }
}

/** Deleting a visitor deletes their QR codes (ON DELETE CASCADE): the gate refuses them at once. */
export async function deleteManagedVisitor(db: Queryable, visitorId: string) {
  const visitor = await findVisitor(db, visitorId);
  if (!visitor) throw notFound();
  const [{ passes }] = await db.select({ passes: count() }).from(qrCodes).where(eq(qrCodes.visitorId, visitorId));
  await db.delete(visitors).where(eq(visitors.id, visitorId));
  return { visitor, passes };
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
