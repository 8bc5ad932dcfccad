// e2e needs Debian's Chromium; say so in one line instead of failing obscurely.
import fs from 'node:fs';

// Pages run in the headless shell, and the tests of what only the full browser has run in it.
const browsers = [
  ['chromium', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'CHROMIUM_PATH'],
  [
    'chromium-headless-shell',
    process.env.CHROMIUM_HEADLESS_PATH ?? '/usr/bin/chromium-headless-shell',
    'CHROMIUM_HEADLESS_PATH',
  ],
];
for (const [name, file, variable] of browsers) {
  if (!fs.existsSync(file)) {
    console.error(`Chromium is missing at ${file}: install it with 'apt-get install -y ${name}' (or set ${variable}).`);
    process.exit(1);
  }
}

// The fault suite (with DATABASE_URL) runs HAProxy in front of several Gatehouse processes.
const onPath = (name) => (process.env.PATH ?? '').split(':').some((dir) => dir && fs.existsSync(`${dir}/${name}`));
if (process.env.DATABASE_URL && !onPath('haproxy')) {
  console.error(
    "HAProxy is missing: the fault suite needs it with DATABASE_URL set; install it with 'apt-get install -y haproxy'.",
  );
  process.exit(1);
}
