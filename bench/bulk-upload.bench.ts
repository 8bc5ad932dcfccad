// Bulk upload of 5,000 rows on real PostgreSQL through POST /api/resident/bulk-upload: users, PINs
// (half the properties have securepin), invitation tokens and invitation emails enqueued.
// `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/bulk-upload.bench.ts`
import { count, eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app/app';
import { invitationEmailJob } from '../server/people/account-email-jobs';
import { signInUser } from '../server/people/sign-in';
import { connectPostgres } from '../server/platform/db/connect';
import { jobs, properties, users } from '../server/platform/db/schema';
import { testConfig } from '../test/support/test-app';
import { benchDatabase, loadAverage, postgresVersion, writeResult } from './dashboard-bench-support';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const TARGET_SECONDS = 10;

async function main() {
  const target = await benchDatabase('gatehouse_bench_bulk');
  const database = await connectPostgres(target.url, 10);
  const app = await buildApp(testConfig({ logLevel: 'silent' }), database);
  await app.ready();
  const created = await database.orm
    .insert(properties)
    .values(
      Array.from({ length: 50 }, (_, n) => ({
        propertyName: `Property ${n}`,
        propertyLocation: `${n} Bench Street`,
        propertyFeatures: n % 2 ? ['qr'] : ['qr', 'securepin'],
      })),
    )
    .returning({ id: properties.id });
  const [root] = await database.orm
    .insert(users)
    .values({
      firstName: 'Bench',
      lastName: 'Root',
      email: 'root@bench.example.com',
      role: 'superadmin',
      passwordHash: 'x',
    })
    .returning({ id: users.id });
  const token = await signInUser(app, root.id, { userAgent: 'benchmark', address: '127.0.0.1' }, 'password');
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    firstName: `First${i}`,
    lastName: `Last${i}`,
    email: `bulk.${i}@bench.example.com`,
    phoneNumber: i % 3 ? '' : `555${String(i).padStart(7, '0')}`,
    role: i % 20 ? 'resident' : 'property manager',
    propertyId: created[i % created.length].id,
  }));

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
    .where(sql`${users.securePinEncrypted} is not null`);
  const result = {
    benchmark: 'bulk upload',
    rows: ROWS,
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
  writeResult('bulk-upload.json', result);
  await app.close();
  await database.close();
  await target.drop();
}

await main();
