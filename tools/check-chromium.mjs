// e2e needs Debian's Chromium; say so in one line instead of failing obscurely.
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium is missing at ${chromium}: install it with 'apt-get install -y chromium' (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}

// The fault suite (with DATABASE_URL) runs HAProxy in front of several Gatehouse processes.
const onPath = (name) => (process.env.PATH ?? '').split(':').some((dir) => dir && fs.existsSync(`${dir}/${name}`));
if (process.env.DATABASE_URL && !onPath('haproxy')) {
  console.error(
    "HAProxy is missing: the fault suite needs it with DATABASE_URL set; install it with 'apt-get install -y haproxy'.",
  );
  process.exit(1);
}
