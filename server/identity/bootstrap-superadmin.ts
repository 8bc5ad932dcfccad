import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { insertPeople, superadminExists } from '../accounts/account-store';
import { ADVISORY_LOCKS } from '../platform/db/advisory-locks';
import type { PlatformDeps } from '../platform/deps';
import { hashPassword } from './passwords';

export const GENERATED_SUPERADMIN_EMAIL = 'superadmin@gatehouse.local';

/**
 * Makes sure a super administrator exists: from SUPERADMIN_EMAIL/SUPERADMIN_PASSWORD, or else
 * one with a generated password that is printed this once and never stored in plain text.
 * Processes starting together take turns under an advisory lock, so exactly one is created.
 */
export async function ensureSuperadmin(
  deps: Pick<PlatformDeps, 'config' | 'db'>,
  print: (line: string) => void = console.log,
) {
  if (await superadminExists(deps.db)) return;
  const configured = deps.config.superadmin;
  const email = (configured?.email ?? GENERATED_SUPERADMIN_EMAIL).trim().toLowerCase();
  const password = configured?.password ?? crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password, deps.config.passwordHashMemoryKib);
  const created = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.superadminBootstrap})`);
    if (await superadminExists(tx)) return false;
    await insertPeople(tx, [
      { firstName: 'Super', lastName: 'Administrator', email, role: 'superadmin', passwordHash },
    ]);
    return true;
  });
  if (created && !configured) {
    print(
      [
        '',
        'Created the first super administrator. This password is shown only once:',
        `  email:    ${email}`,
        `  password: ${password}`,
        `  sign in:  ${deps.config.appUrl}/login/Super-Admin`,
        '',
      ].join('\n'),
    );
  }
}
