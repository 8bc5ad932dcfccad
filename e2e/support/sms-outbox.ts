import fs from 'node:fs';
import path from 'node:path';

/** Every text the server has sent to `to` (+1 and 10 digits), joined: it runs without an SMS provider, so they land in DATA_DIR/sms. */
export function smsTo(dataDir: string, to: string): string {
  const outbox = path.join(dataDir, 'sms');
  if (!fs.existsSync(outbox)) return '';
  return fs
    .readdirSync(outbox)
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .filter((text) => text.startsWith(`To: ${to}\n`))
    .join('\n');
}
