import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GatehouseProcess } from '../support/gatehouse-process';
import { recipientsOf } from '../support/sent-mail';
import { type SlowReplyProxy, startSlowReplyProxy } from '../support/slow-reply-proxy';
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
} from './bulk-invitations-support';

// Every SMTP answer comes this late, longer than a whole job lease: a send outlives the lease it
// started with many times over, so only renewal keeps a second process from sending it again.
const REPLY_DELAY_MS = 4000;
const LEASE_SECONDS = 3;
const INVITATIONS = 24;
// Each process could take nearly all of them: the one that claims fewer keeps free workers,
// polling, that would take over any job whose lease lapsed.
const CONCURRENCY = 20;

let setup: MailedDatabase;
let proxy: SlowReplyProxy;
let processes: GatehouseProcess[];

beforeAll(async () => {
  setup = await mailedDatabase();
  proxy = await startSlowReplyProxy(setup.mailbox.port, REPLY_DELAY_MS);
  const env = {
    ...sharedSecretEnv(),
    SMTP_URL: `smtp://127.0.0.1:${proxy.port}`,
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    JOB_CONCURRENCY: String(CONCURRENCY),
  };
  // One after the other: starting together is another fault test's subject.
  processes = [await setup.start(env), await setup.start(env)];
});

afterAll(async () => {
  await setup?.close();
  await proxy?.close();
});

it('two processes draining through a slow SMTP server send every invitation exactly once', async () => {
  const propertyId = await insertProperty(setup.database.url);
  const token = await signInSuperadmin(processes[0].baseURL);
  const rows = residentRows(INVITATIONS, 'slow', 'slow-smtp.example.com', propertyId);
  const upload = await postBulkUpload(processes[0].baseURL, token, rows);
  expect(await upload.json()).toMatchObject({ successfulUploads: INVITATIONS, failedUploads: 0 });

  // Every job recorded as finished and no SMTP conversation left open: nothing is on its way.
  await waitFor(
    async () => (await unfinishedJobs(setup.database.url)) === 0 && proxy.openConnections() === 0,
    'every job to finish and every SMTP connection to close',
    600_000,
  );

  const received = setup.mailbox.messages.flatMap(recipientsOf).sort();
  expect(received).toEqual(rows.map((row) => row.email).sort());
}, 900_000);
