// Compiles the server into dist/server/main.mjs and its chunks, npm packages included, and copies
// the SQL migrations beside it, so production runs plain `node` with no TypeScript loader.
// Bundling the packages spares Node resolving and reading hundreds of module files at every start
// (docs/decisions/0016-server-bundle-and-lazy-modules.md); the few below stay in node_modules
// because they load files of their own by path (WebAssembly, a native addon, worker threads,
// static assets).
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

// `node tools/build-server.mjs [OUTDIR]`: dist/server unless given (tools/compiled-server.test.ts).
const outdir = process.argv[2] ?? 'dist/server';
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
  external: [
    '@electric-sql/pglite',
    '@electric-sql/pglite/*',
    '@node-rs/argon2',
    '@fastify/swagger-ui',
    'pino',
    'pino-pretty',
  ],
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __gatehouseRequire } from 'node:module'; const require = __gatehouseRequire(import.meta.url);",
  },
  alias: { '@core': path.resolve('core') },
  sourcemap: true,
  // Less text for V8 to read at every start; names stay, and the source maps lead back.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
fs.cpSync('server/platform/db/migrations', path.join(outdir, 'migrations'), { recursive: true });

// A production install omits devDependencies: every package the server imports must be a dependency.
const { dependencies } = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
// Optional speed-ups some packages try to load and do without.
const optional = new Set(['pg-native', 'bufferutil', 'utf-8-validate']);
const missing = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path: specifier, external } of output.imports) {
    const name = packageOf(specifier);
    if (external && !isBuiltin(specifier) && !optional.has(name) && !dependencies[name]) missing.add(specifier);
  }
}
if (missing.size) {
  console.error(`The server imports packages that are not dependencies: ${[...missing].join(', ')}`);
  process.exit(1);
}

// A migrated, empty embedded database beside the server: a first start on an empty DATA_DIR loads it
// instead of creating a database and migrating it, about half the time (decision 0073). Its gate log
// months are this build's; the upkeep job makes the current ones at start (the default partition
// holds rows until then).
const { PGlite } = await import('@electric-sql/pglite');
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
const { drizzle } = await import('drizzle-orm/pglite');
const { migrate } = await import('drizzle-orm/pglite/migrator');
const empty = await PGlite.create({ extensions: { pg_trgm } });
await migrate(drizzle(empty), { migrationsFolder: path.join(outdir, 'migrations') });
const image = await empty.dumpDataDir('gzip');
await empty.close();
fs.writeFileSync(path.join(outdir, 'empty-database.tar.gz'), Buffer.from(await image.arrayBuffer()));
