// e2e needs Debian's Chromium; say so in one line instead of failing obscurely.
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium is missing at ${chromium}: install it with 'apt-get install -y chromium' (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
