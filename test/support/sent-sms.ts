import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The bodies of the texts sent so far to `to` (+1 and 10 digits), from the local SMS outbox, after running due jobs. */
export async function sentSmsTo(app: FastifyInstance, to: string): Promise<string[]> {
  await app.jobs.kick();
  const outbox = path.join(app.config.dataDir, 'sms');
  if (!fs.existsSync(outbox)) return [];
  const header = `To: ${to}\n\n`;
  return fs
    .readdirSync(outbox)
    .sort()
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .filter((text) => text.startsWith(header))
    .map((text) => text.slice(header.length).trimEnd());
}
