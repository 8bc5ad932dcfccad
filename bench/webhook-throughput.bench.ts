// Webhook deliveries per second one process sustains to a slow receiver, and what a backlog of them
// does to emails. One Gatehouse process on PostgreSQL, a local receiver that answers each delivery
// after 1 s, a real SMTP server. First EMAILS password-reset emails (default 5) at once with no
// backlog; then BENCH_EVENTS test events (default 300) through the API for one endpoint, and, once
// the receiver has seen 20 of them, the same emails again while the backlog drains. Reports the
// deliveries per second (all of them, and between the 10th and 90th percent of arrivals) and the
// time from each reset request to its message at the SMTP server, without and with the backlog.
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/webhook-throughput.bench.ts [result-name]
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { users } from '../server/accounts/account-tables';
import { connectPostgres } from '../server/platform/db/connect';
import { properties } from '../server/property-records/property-tables';
import * as processes from '../test/support/gatehouse-process';
import { Mailbox } from '../test/support/mailbox';
import { loadAverage, writeResult } from './dashboard-bench-support';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 300);
const EMAILS = Number(process.env.BENCH_EMAILS ?? 5);
const ANSWER_AFTER_MS = 1000;
const RESULT = process.argv[2] ?? 'webhook-throughput.json';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sorted = (list: number[]) => [...list].sort((a, b) => a - b).map((ms) => Math.round(ms));
const summary = (list: number[]) => {
  const ordered = sorted(list);
  return { min: ordered[0], p50: ordered[Math.floor(ordered.length / 2)], max: ordered[ordered.length - 1] };
};

async function main() {
  const arrivals: number[] = [];
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(performance.now());
      setTimeout(() => res.writeHead(204).end(), ANSWER_AFTER_MS);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const mailbox = new Mailbox();
  await mailbox.start();
  const database = await processes.freshPostgresDatabase('gatehouse_bench_hook_rate');
  const gatehouse = await processes.spawnGatehouse({
    databaseUrl: database.url,
    env: { JWT_SECRET: 'webhook-throughput-bench-0123456789abcdef', SMTP_URL: mailbox.url },
  });
  const db = await connectPostgres(database.url, 2);
  try {
    await measure(gatehouse, db, arrivals, mailbox, receiver);
  } finally {
    await gatehouse.stop();
    await db.close();
    await database.drop();
    await mailbox.stop();
    receiver.close();
  }
}

async function measure(
  gatehouse: processes.GatehouseProcess,
  db: Awaited<ReturnType<typeof connectPostgres>>,
  arrivals: number[],
  mailbox: Mailbox,
  receiver: http.Server,
) {
  const [property] = await db.orm
    .insert(properties)
    .values({ propertyName: 'Hooks', propertyLocation: '1 Hook Rd' })
    .returning();
  const emails = Array.from({ length: 2 * EMAILS }, (_, i) => `resident${i}@rate.test`);
  await db.orm.insert(users).values(
    emails.map((email, i) => ({
      firstName: 'R',
      lastName: `${i}`,
      email,
      role: 'resident' as const,
      propertyId: property.id,
    })),
  );
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const answer = await fetch(`${gatehouse.baseURL}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  /** Requests a reset for each address at once; resolves with the ms from each request to its message. */
  const emailTimes = async (addresses: string[]) =>
    Promise.all(
      addresses.map(async (email) => {
        const sentAt = performance.now();
        const asked = await call('POST', '/api/resident/request-password-reset', '', { email });
        if (asked.status !== 200) throw new Error(`a reset request answered ${asked.status}`);
        while (!mailbox.to(email).length) await sleep(5);
        return performance.now() - sentAt;
      }),
    );

  const login = await call('POST', '/api/resident/login', '', {
    email: processes.TEST_SUPERADMIN.email,
    password: processes.TEST_SUPERADMIN.password,
    userType: 'superadmin',
  });
  const token = login.body.token as string;
  const added = await call('POST', `/api/properties/${property.id}/webhooks`, token, {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    events: ['gate.opened'],
  });
  if (added.status !== 201) throw new Error(`adding the endpoint answered ${added.status}`);
  const webhookId = added.body._id as string;

  const loadAtStart = loadAverage();
  const withoutBacklog = await emailTimes(emails.slice(0, EMAILS));

  const startedAt = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    const sent = await call('POST', `/api/webhooks/${webhookId}/test`, token);
    if (sent.status !== 202) throw new Error(`test event ${i} answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  }
  const enqueuedAfterMs = performance.now() - startedAt;
  while (arrivals.length < Math.min(20, EVENTS)) await sleep(5);
  const backlogAtEmails = EVENTS - arrivals.length;
  const withBacklog = await emailTimes(emails.slice(EMAILS));
  while (arrivals.length < EVENTS) await sleep(20);
  const drainedAfterMs = performance.now() - startedAt;

  const at = (share: number) => arrivals[Math.min(arrivals.length - 1, Math.floor(share * arrivals.length))];
  const middle = Math.floor(0.9 * arrivals.length) - Math.floor(0.1 * arrivals.length);
  const result = {
    measuredAt: new Date().toISOString(),
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: loadAverage(),
    events: EVENTS,
    receiverAnswersAfterMs: ANSWER_AFTER_MS,
    jobConcurrency: 4,
    jobPollMs: 200,
    enqueuedAfterMs: Math.round(enqueuedAfterMs),
    drainedAfterMs: Math.round(drainedAfterMs),
    deliveriesPerSecond: {
      overall: Math.round((EVENTS / (drainedAfterMs / 1000)) * 100) / 100,
      middle80Percent: Math.round((middle / ((at(0.9) - at(0.1)) / 1000)) * 100) / 100,
    },
    passwordResetToSmtpMs: {
      withoutBacklog: summary(withoutBacklog),
      withBacklog: { ...summary(withBacklog), deliveriesStillQueued: backlogAtEmails },
    },
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult(RESULT, result);
}

await main();
