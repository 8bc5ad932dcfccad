import { eq } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { users } from './account-tables';

/** The person's name, email and phone as a gate log row keeps them; null if there is no such person. */
export async function personAsLogged(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phoneNumber: users.phoneNumber,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
