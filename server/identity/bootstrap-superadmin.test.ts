import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { users } from '../accounts/account-tables';
import { ensureSuperadmin } from './bootstrap-superadmin';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('ensureSuperadmin', () => {
  it('creates exactly one super administrator when called several times at once, and prints its password once', async () => {
    const printed: string[] = [];
    await Promise.all(Array.from({ length: 4 }, () => ensureSuperadmin(t.app, (line) => printed.push(line))));
    const superadmins = await t.app.db.select({ email: users.email }).from(users).where(eq(users.role, 'superadmin'));
    expect(superadmins).toHaveLength(1);
    expect(printed.filter((line) => line.includes('password:'))).toHaveLength(1);

    await ensureSuperadmin(t.app, (line) => printed.push(line));
    expect(await t.app.db.select().from(users).where(eq(users.role, 'superadmin'))).toHaveLength(1);
  });
});
