// `npm start`: builds the web app and the server when either is missing or older than its
// sources, then runs the compiled server with plain node.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const isStale = (output, sources) =>
  !fs.existsSync(output) || fs.statSync(output).mtimeMs < Math.max(...sources.map(newestMtime));

function run(label, command, args) {
  console.log(label);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (isStale('dist/web/index.html', ['web', 'core'])) {
  run('Building the web app...', 'npx', ['vite', 'build', '--logLevel', 'warn']);
}
if (isStale('dist/server/main.mjs', ['server', 'core'])) {
  run('Building the server...', process.execPath, ['tools/build-server.mjs']);
}
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.mjs'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
