import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema';
import { hashPassword } from './passwords';

export const GENERATED_SUPERADMIN_EMAIL = 'superadmin@gatehouse.local';

/**
 * Makes sure a super administrator exists: from SUPERADMIN_EMAIL/SUPERADMIN_PASSWORD, or else
 * one with a generated password that is printed this once and never stored in plain text.
 */
export async function ensureSuperadmin(app: FastifyInstance, print: (line: string) => void = console.log) {
  const [existing] = await app.db.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).limit(1);
  if (existing) return;
  const configured = app.config.superadmin;
  const email = (configured?.email ?? GENERATED_SUPERADMIN_EMAIL).trim().toLowerCase();
  const password = configured?.password ?? crypto.randomBytes(12).toString('base64url');
  await app.db.insert(users).values({
    firstName: 'Super',
    lastName: 'Administrator',
    email,
    role: 'superadmin',
    passwordHash: await hashPassword(password, app.config.passwordHashCost),
  });
  if (!configured) {
    print(
      [
        '',
        'Created the first super administrator. This password is shown only once:',
        `  email:    ${email}`,
        `  password: ${password}`,
        `  sign in:  ${app.config.appUrl}/login/Super-Admin`,
        '',
      ].join('\n'),
    );
  }
}
