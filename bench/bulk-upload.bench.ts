// Bulk upload of 5,000 rows on real PostgreSQL through POST /api/resident/bulk-upload: users, PINs
// (half the properties have securepin), invitation tokens and invitation emails enqueued.
// `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/bulk-upload.bench.ts`
// BENCH_INTO=<database> uploads into an existing seeded database instead (the dashboard benchmark's
// BENCH_KEEP one: a million residents in 50 properties), and removes the uploaded rows afterwards.
import { and, count, eq, like, sql } from 'drizzle-orm';
import { users } from '../server/accounts/account-tables';
import { buildApp } from '../server/app/app';
import { invitationEmailJob } from '../server/identity/account-email-jobs';
import { signInUser } from '../server/identity/sign-in';
import { connectPostgres } from '../server/platform/db/connect';
import { jobs } from '../server/platform/jobs/job-tables';
import { properties } from '../server/property-records/property-tables';
import { testConfig } from '../test/support/test-app';
import { benchUploadRows, insertBenchProperties } from './bulk-upload-seed';
import { benchDatabase, loadAverage, postgresVersion, writeResult } from './dashboard-bench-support';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const TARGET_SECONDS = 10;
const INTO = process.env.BENCH_INTO;
const UPLOADED = 'bulk.%@bench.example.com';

/** The database to upload into: a fresh one, or BENCH_INTO as it is (left as it was found). */
async function uploadTarget() {
  if (!INTO) return benchDatabase('gatehouse_bench_bulk');
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${INTO}`;
  return { url: url.toString(), drop: async () => {} };
}

async function main() {
  const target = await uploadTarget();
  const database = await connectPostgres(target.url, 10);
  const app = await buildApp(testConfig({ logLevel: 'silent' }), database);
  await app.ready();
  const existingResidents = INTO ? (await database.orm.select({ n: count() }).from(users)).map((row) => row.n)[0] : 0;
  const created = INTO
    ? await database.orm.select({ id: properties.id }).from(properties).orderBy(properties.propertyName).limit(50)
    : await insertBenchProperties(database.orm);
  await database.orm
    .insert(users)
    .values({
      firstName: 'Bench',
      lastName: 'Root',
      email: 'root@bench.example.com',
      role: 'superadmin',
      passwordHash: 'x',
    })
    .onConflictDoNothing();
  const [root] = await database.orm
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'root@bench.example.com'));
  const token = await signInUser(app, root.id, { userAgent: 'benchmark', address: '127.0.0.1' }, 'password');
  const rows = benchUploadRows(ROWS, created);

  const started = performance.now();
  const answer = await app.inject({
    method: 'POST',
    url: '/api/resident/bulk-upload',
    headers: { authorization: `Bearer ${token}` },
    payload: { users: rows },
  });
  const seconds = Math.round((performance.now() - started) / 10) / 100;
  if (answer.statusCode !== 200) throw new Error(`${answer.statusCode} ${answer.body}`);
  const body = answer.json();
  await app.jobs.stop();
  const [{ invitations }] = await database.orm
    .select({ invitations: count() })
    .from(jobs)
    .where(eq(jobs.kind, invitationEmailJob.name));
  const [{ pins }] = await database.orm
    .select({ pins: count() })
    .from(users)
    .where(and(sql`${users.securePinEncrypted} is not null`, like(users.email, UPLOADED)));
  const result = {
    benchmark: 'bulk upload',
    rows: ROWS,
    existingUsers: existingResidents,
    seconds,
    withinTarget: seconds <= TARGET_SECONDS,
    successfulUploads: body.successfulUploads,
    failedUploads: body.failedUploads,
    invitationEmailsEnqueued: invitations,
    securePinsAssigned: pins,
    postgres: await postgresVersion(database.orm),
    loadAverageAtEnd: loadAverage(),
    at: new Date().toISOString(),
    targets: { seconds: TARGET_SECONDS },
  };
  console.log(JSON.stringify(result));
  writeResult(INTO ? 'bulk-upload-into-1m.json' : 'bulk-upload.json', result);
  if (INTO) {
    await database.orm.delete(jobs).where(eq(jobs.kind, invitationEmailJob.name));
    await database.orm.delete(users).where(like(users.email, UPLOADED));
  }
  await app.close();
  await database.close();
  await target.drop();
}

await main();
