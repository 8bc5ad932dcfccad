import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { users } from './account-tables';

/** The property managers of a property, to tell them about something of the property's. */
export function managersOf(db: Queryable, propertyId: string): Promise<{ id: string; email: string }[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.propertyId, propertyId), eq(users.role, 'admin')));
}

/** The property managers of any of these properties, each with the property they manage. */
export function managersOfProperties(db: Queryable, propertyIds: string[]) {
  return db
    .select({ id: users.id, propertyId: users.propertyId })
    .from(users)
    .where(and(inArray(users.propertyId, propertyIds), eq(users.role, 'admin')));
}
