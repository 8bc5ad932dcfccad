import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { users } from '../../server/accounts/account-tables';
import { qrCodes, visitors } from '../../server/visitors/visitor-tables';

/** Invited users (no password) in bulk, for list tests; created_at spaced so the order is known. */
export async function seedInvitedUsers(
  app: FastifyInstance,
  propertyId: string | null,
  count: number,
  prefix = 'resident',
) {
  const base = Date.now() - count * 1000;
  const rows = Array.from({ length: count }, (_, index) => ({
    firstName: `${prefix}${index}`,
    lastName: 'Listed',
    email: `${prefix}.${index}.${crypto.randomUUID().slice(0, 8)}@example.com`,
    role: 'resident' as const,
    propertyId,
    createdAt: new Date(base + index * 1000),
  }));
  return app.db.insert(users).values(rows).returning();
}

/** A visitor with one QR code, created by a resident. */
export async function seedVisitorWithCode(
  app: FastifyInstance,
  values: { propertyId: string; createdBy: string; email?: string; firstName?: string },
) {
  const [visitor] = await app.db
    .insert(visitors)
    .values({
      firstName: values.firstName ?? 'Vera',
      lastName: 'Visitor',
      email: values.email ?? `visitor.${crypto.randomUUID().slice(0, 8)}@example.com`,
      propertyId: values.propertyId,
      createdBy: values.createdBy,
    })
    .returning();
  const [code] = await app.db
    .insert(qrCodes)
    .values({
      visitorId: visitor.id,
      propertyId: values.propertyId,
      createdBy: values.createdBy,
      tokenHash: crypto.randomBytes(32).toString('hex'),
      qrFirstName: visitor.firstName,
      qrLastName: visitor.lastName,
      qrType: 'betweenDates',
      startDate: new Date(),
      lifetimeValidity: true,
    })
    .returning();
  return { visitor, code };
}
