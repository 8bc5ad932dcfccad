import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options';

const SECRET = 'Zk3r8S1nGuLaRt0k3nV4lu3xYz';

/** What a logger configured like the server's writes for requests to these URLs. */
async function requestLog(urls: string[]): Promise<string> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const app = Fastify({ logger: loggerOptions('info', stream) });
  app.get('/*', async () => 'ok');
  for (const url of urls) await app.inject({ method: 'GET', url });
  await app.close();
  return Buffer.concat(chunks).toString('utf8');
}

describe('request URLs in the log', () => {
  it('never carry a pass link, reset or invitation token, or a pairing key', async () => {
    const urls = [
      `/pass/${SECRET}`,
      `/api/pass/${SECRET}/calendar.ics`,
      `/set-new-password/${SECRET}`,
      `/api/resident/validate-reset-token/${SECRET}`,
      `/api/resident/reset-password/${SECRET}`,
      `/verify-email?_id=${SECRET}`,
      `/reader?key=${SECRET}&x=1`,
    ];
    const log = await requestLog(urls);
    expect(log).not.toContain(SECRET);
    expect(log).toContain('/api/pass/[redacted]/calendar.ics');
    expect(log).toContain('/verify-email?_id=[redacted]');
    expect(log).toContain('/reader?key=[redacted]&x=1');
    expect((log.match(/"url":/g) ?? []).length).toBeGreaterThanOrEqual(urls.length);
  });
});
