import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { users } from '../../accounts/account-tables';
import { properties } from '../../property-records/property-tables';
import { loggerOptions } from './logger-options';

const database = await createTestDatabase();
afterAll(() => database.close());

const SECRET_NAME = 'Quentin Secretname';
const SECRET_EMAIL = 'quentin.secretname@example.com';
const SECRET_TEXT = 'not-a-uuid-secret-value';

/** Real failures of the database, each carrying a value that must not reach the log. */
async function databaseFailures(): Promise<unknown[]> {
  const failures: unknown[] = [];
  const capture = (query: Promise<unknown>) =>
    query.then(
      () => failures.push(new Error('the query did not fail')),
      (error: unknown) => failures.push(error),
    );
  await capture(
    database.orm
      .insert(properties)
      .values({ propertyName: `${SECRET_NAME}\u0000`, propertyLocation: 'x', propertyFeatures: ['qr'] }),
  );
  const user = { firstName: 'A', lastName: 'B', email: SECRET_EMAIL, role: 'resident' as const, passwordHash: 'x' };
  await database.orm.insert(users).values(user);
  await capture(database.orm.insert(users).values(user));
  await capture(database.orm.execute(sql`select ${SECRET_TEXT}::uuid`));
  return failures;
}

/** What a logger configured like the server's writes for each error. */
async function loggedLines(errors: unknown[]): Promise<string> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const app = Fastify({ logger: loggerOptions('error', stream) });
  for (const err of errors) app.log.error({ err }, 'request failed');
  await app.close();
  return Buffer.concat(chunks).toString('utf8');
}

describe('database errors in the log', () => {
  it('never carry the query parameters, nor values the database quotes back', async () => {
    const failures = await databaseFailures();
    expect(failures).toHaveLength(3);
    // The raw errors do carry them: this is what the serializer has to remove.
    expect(failures.map((failure) => String((failure as Error).message)).join('\n')).toContain(SECRET_NAME);

    const log = await loggedLines(failures);
    expect(log.trim().split('\n')).toHaveLength(3);
    for (const value of [SECRET_NAME, SECRET_EMAIL, SECRET_TEXT]) expect(log).not.toContain(value);
    expect(log).toContain('Failed query: insert into \\"properties\\"');
    expect(log).toContain('"code":"23505"');
  });
});
