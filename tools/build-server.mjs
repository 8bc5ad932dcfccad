// Compiles the server into dist/server/main.mjs (one ESM file; npm packages stay external) and
// copies the SQL migrations beside it, so production runs plain `node` with no TypeScript loader.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const outdir = 'dist/server';
fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  metafile: true,
  entryPoints: { main: 'server/main.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // The server beyond the database is a chunk of its own, loaded while the database opens (server/main.ts).
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: { '@core': path.resolve('core') },
  sourcemap: true,
  logLevel: 'warning',
});
fs.cpSync('server/db/migrations', path.join(outdir, 'migrations'), { recursive: true });

// A production install omits devDependencies: every package the server imports must be a dependency.
const { dependencies } = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const missing = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path: specifier, external } of output.imports) {
    if (external && !specifier.startsWith('node:') && !dependencies[packageOf(specifier)]) missing.add(specifier);
  }
}
if (missing.size) {
  console.error(`The server imports packages that are not dependencies: ${[...missing].join(', ')}`);
  process.exit(1);
}
