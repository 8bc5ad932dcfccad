import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REQUEST_BODY_LIMIT_BYTES } from '@core/limits/request-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { OVERSIZED_BODY_DRAIN_BYTES } from './oversized-body';

const FIVE_MB = 5 * 1024 * 1024;

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/resident/login`;
});
afterAll(() => t.close());

/**
 * Node's fetch in a process of its own, as a browser is (in this process the server and the client
 * would take turns on one event loop, and the client would always finish writing first). It posts
 * a JSON body of `bytes`: as one Blob (a file upload: its length declared) or in 64 KB pieces
 * still being written. Answers the status and body, or the connection's error code.
 */
const CLIENT = `
const [url, bytes, streamed] = process.argv.slice(1);
const text = new TextEncoder().encode(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(Number(bytes)) }));
let at = 0;
const body = streamed === 'yes'
  ? new ReadableStream({ pull(c) { if (at >= text.length) return c.close(); c.enqueue(text.subarray(at, at + 65536)); at += 65536; } })
  : new Blob([text]);
try {
  const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' });
  console.log(JSON.stringify({ status: answer.status, body: await answer.json() }));
} catch (error) {
  console.log(JSON.stringify({ error: error.cause?.code ?? error.message }));
}`;

async function postFromAnotherProcess(bytes: number, streamed: boolean) {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--input-type=module',
    '-e',
    CLIENT,
    url,
    String(bytes),
    streamed ? 'yes' : 'no',
  ]);
  return JSON.parse(stdout);
}

describe('a body over the limit, sent by a real HTTP client (issue 41.3)', () => {
  it('the limit is 2 MB and the drain reads well past a 5 MB body', () => {
    expect(REQUEST_BODY_LIMIT_BYTES).toBe(2 * 1024 * 1024);
    expect(OVERSIZED_BODY_DRAIN_BYTES).toBeGreaterThan(FIVE_MB);
  });

  for (const streamed of [false, true]) {
    it(`5 MB ${streamed ? 'still being written' : 'with its length declared'}: 413 and the sentence, not a broken connection`, async () => {
      expect(await postFromAnotherProcess(FIVE_MB, streamed)).toEqual({
        status: 413,
        body: {
          message: 'This request is too large: Gatehouse accepts at most 2 MB at a time.',
          requestId: expect.any(String),
        },
      });
    });
  }
});
