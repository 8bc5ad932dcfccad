#!/usr/bin/env node
// Figures of the server's structure, from dependency-cruiser's import graph (type imports counted,
// tests left out, as .dependency-cruiser.cjs sets):
// the circles between its top-level folders (strongly connected components) and the files no
// entry point reaches (server/main.ts and the operator tools), and the reach of every table file: the
// modules and folders that import it (a domain's tables are its own: docs/decisions/0081), and of
// every row view (a file defining a pgView: a read-only view of an owner's table, for one-statement joins).
// Imports of table files are left out of the circles: each is a crossing of ownership, counted
// here and frozen by lint's tables-owned-by-their-domain rule until it is gone.
// `node tools/structure-report.mjs [-v] [--check]`: --check exits 1 on a circle (npm run lint).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const verbose = process.argv.includes('-v');
const check = process.argv.includes('--check');
const roots = ['server', 'core', 'tools'];
const json = execFileSync(
  'npx',
  ['depcruise', ...roots, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
  { maxBuffer: 1 << 30 },
).toString();
const { modules } = JSON.parse(json);

const folderOf = (file) => file.match(/^server\/([^/]+?)(\.ts)?(\/|$)/)?.[1] ?? null;
const edges = new Map();
for (const m of modules) {
  const from = folderOf(m.source);
  if (!from) continue;
  if (!edges.has(from)) edges.set(from, new Set());
  for (const d of m.dependencies) {
    if (d.resolved.endsWith('-tables.ts')) continue;
    const to = folderOf(d.resolved);
    if (to && to !== from) edges.get(from).add(to);
  }
}

// Tarjan's strongly connected components.
let index = 0;
const stack = [];
const onStack = new Set();
const indexOf = new Map();
const low = new Map();
const circles = [];
const visit = (v) => {
  indexOf.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v) ?? []) {
    if (!indexOf.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indexOf.get(w)));
  }
  if (low.get(v) === indexOf.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) circles.push(component.sort());
  }
};
for (const v of edges.keys()) if (!indexOf.has(v)) visit(v);

const byFile = new Map(modules.map((m) => [m.source, m]));
const entries = modules
  .map((m) => m.source)
  .filter((s) => s === 'server/main.ts' || /^tools\/[^/]+\.(ts|mjs)$/.test(s) || s === 'tools/relay-simulator/main.ts');
const reached = new Set();
const queue = [...entries];
while (queue.length) {
  const file = queue.pop();
  if (reached.has(file)) continue;
  reached.add(file);
  for (const d of byFile.get(file)?.dependencies ?? []) queue.push(d.resolved);
}
const unreached = modules
  .map((m) => m.source)
  .filter((s) => s.startsWith('server/') && !s.endsWith('-tables.ts') && !reached.has(s));

console.log(`server top-level folders and files: ${edges.size}`);
console.log(`in a circle: ${circles.reduce((n, c) => n + c.length, 0)} (${circles.length} circle(s))`);
for (const c of circles) console.log(`  ${c.join(' ')}`);
console.log(`server files no entry point reaches: ${unreached.length}`);
if (verbose) for (const u of unreached) console.log(`  ${u}`);

const ownerOf = (file) => file.match(/^server\/(platform\/[^/]+|[^/]+)\//)?.[1];

/** The modules importing each file `isTarget` picks (other such files left out), largest reach first. */
function reachOf(isTarget) {
  const reach = new Map();
  for (const m of modules) {
    for (const d of m.dependencies) {
      if (!isTarget(d.resolved) || isTarget(m.source)) continue;
      if (!reach.has(d.resolved)) reach.set(d.resolved, []);
      reach.get(d.resolved).push(m.source);
    }
  }
  return [...reach].sort((a, b) => b[1].length - a[1].length);
}

function printReach(title, reach) {
  console.log(`${title}: modules importing each (outside its domain), folders outside its domain`);
  for (const [file, importers] of reach) {
    const outside = importers.filter((importer) => ownerOf(importer) !== ownerOf(file));
    const folders = [...new Set(outside.map((importer) => ownerOf(importer) ?? importer.split('/')[0]))].sort();
    console.log(
      `  ${file}: ${importers.length} (${outside.length} outside)${folders.length ? ` ${folders.join(' ')}` : ''}`,
    );
  }
}

printReach(
  'table files',
  reachOf((file) => file.endsWith('-tables.ts')),
);
// A row view (decision 0112) is the one way another domain reads an owner's rows inside its own
// statement: its readers are the table's reach beyond the owner's functions.
const viewFiles = new Map();
const definesView = (file) => {
  if (!viewFiles.has(file))
    viewFiles.set(file, file.startsWith('server/') && readFileSync(file, 'utf8').includes('pgView('));
  return viewFiles.get(file);
};
printReach('row views', reachOf(definesView));
if (check && circles.length) process.exit(1);
