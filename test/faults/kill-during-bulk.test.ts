import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../support/gatehouse-process';
import { recipientsOf } from '../support/sent-mail';
import {
  insertProperty,
  type MailedDatabase,
  mailedDatabase,
  postBulkUpload,
  residentRows,
  sharedSecretEnv,
  signInSuperadmin,
  unfinishedJobs,
  waitFor,
  withClient,
} from './bulk-invitations-support';

const DOMAIN = 'kill-bulk.example.com';
const EARLIER_ROWS = 50;
const KILLED_ROWS = 2000;

let setup: MailedDatabase;

beforeAll(async () => {
  setup = await mailedDatabase();
});

afterAll(() => setup?.close());

/** Waits until some statement on the database waits for a lock another transaction holds. */
const waitForLockWait = () =>
  waitFor(
    () =>
      withClient(setup.database.url, async (client) => {
        const { rows } = await client.query(
          `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return rows.length > 0;
      }),
    'the upload to wait for the held row',
    60_000,
  );

const usersOfDomain = () =>
  withClient(setup.database.url, async (client) => {
    const { rows } = await client.query(
      `select lower(u.email) as email, (select count(*)::int from account_tokens t where t.user_id = u.id) as tokens
       from users u where u.email like $1`,
      [`%@${DOMAIN}`],
    );
    return rows as { email: string; tokens: number }[];
  });

it('a process killed during a bulk upload leaves all of it or none; every invitation then goes out once', async () => {
  // Nothing listens here: the first process cannot send, so its invitations wait in the table.
  const unreachableSmtp = `smtp://127.0.0.1:${await freePort()}`;
  const env = { ...sharedSecretEnv(), JOB_LEASE_SECONDS: '3' };
  const first = await setup.start({ ...env, SMTP_URL: unreachableSmtp });
  const propertyId = await insertProperty(setup.database.url);
  const token = await signInSuperadmin(first.baseURL);
  const earlier = await postBulkUpload(first.baseURL, token, residentRows(EARLIER_ROWS, 'earlier', DOMAIN, propertyId));
  expect((await earlier.json()).successfulUploads).toBe(EARLIER_ROWS);

  // Halfway through, the upload meets a row another transaction is inserting with the same email
  // (unique index): it waits there, with half its rows written, until the process is killed.
  const killedRows = residentRows(KILLED_ROWS, 'killed', DOMAIN, propertyId);
  const holder = new pg.Client({ connectionString: setup.database.url });
  await holder.connect();
  await holder.query('begin');
  await holder.query(`insert into users (first_name, last_name, email, role) values ('Held', 'Row', $1, 'resident')`, [
    killedRows[KILLED_ROWS / 2].email,
  ]);
  const answer = postBulkUpload(first.baseURL, token, killedRows).then(
    (response) => response.status,
    (error: Error) => error,
  );
  await waitForLockWait();
  await first.stop('SIGKILL');
  expect(await answer).toBeInstanceOf(Error);
  await holder.query('rollback');
  await holder.end();

  const second = await setup.start({ ...env, SMTP_URL: setup.mailbox.url });
  const stored = await usersOfDomain();
  const killedStored = stored.filter((user) => user.email.startsWith('killed.')).length;
  expect([0, KILLED_ROWS]).toContain(killedStored);
  expect(stored.length).toBe(EARLIER_ROWS + killedStored);
  expect(stored.every((user) => user.tokens === 1)).toBe(true);

  await waitFor(async () => (await unfinishedJobs(setup.database.url)) === 0, 'the invitations to be sent', 300_000);
  await second.stop('SIGTERM');
  const received = setup.mailbox.messages.flatMap(recipientsOf).sort();
  expect(received).toEqual(stored.map((user) => user.email).sort());
}, 600_000);
