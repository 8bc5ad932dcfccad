// Bundle-size report: builds the web app and, for every lazily loaded screen, sums the
// gzip size of the JS and CSS a first load of that route downloads (entry, the screen's chunk, what
// both import, and the bell on signed-in screens). Budgets: login and the installed app's start
// screen (Access Gates) 150 kB, the gate reader 150 kB, any other route 250 kB; the
// e2e spec `bundle-size.spec.ts` fails past them. `npx tsx bench/bundle-size.bench.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { budgetOf } from '../tools/bundle-size/budgets';
import { routeBundles } from '../tools/bundle-size/route-bundles';

const kB = (bytes: number) => Math.round(bytes / 100) / 10;

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bundle-'));
try {
  await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const routes = routeBundles(outDir).map((route) => ({
    page: route.page,
    gzipKB: kB(route.gzipBytes),
    rawKB: kB(route.rawBytes),
    budgetKB: kB(budgetOf(route.page)),
    files: route.files.length,
  }));
  for (const route of routes) {
    console.log(
      `${route.gzipKB.toFixed(1).padStart(7)} kB gzip ${route.rawKB.toFixed(0).padStart(5)} kB raw  ${route.page}`,
    );
  }
  const over = routes.filter((route) => route.gzipKB > route.budgetKB);
  const result = { measuredAt: new Date().toISOString(), unit: 'kB = 1000 bytes, gzip level 9', routes };
  fs.mkdirSync(path.resolve('bench/results'), { recursive: true });
  fs.writeFileSync(path.resolve('bench/results/bundle-size.json'), `${JSON.stringify(result, null, 2)}\n`);
  if (over.length) {
    console.error(`Over budget: ${over.map((route) => `${route.page} ${route.gzipKB} kB`).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
