import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Orm } from '../server/platform/db/connect';
import { rowsOf } from '../server/platform/db/rows';

/** Drops and recreates a database of its own next to DATABASE_URL; returns its URL and a dropper. */
export async function benchDatabase(name: string) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server (the benchmark creates its own database)');
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** p50/p95/max of `runs` timed calls after a short warm-up. */
export async function timeCalls(runs: number, call: (i: number) => Promise<unknown>) {
  for (let warm = 0; warm < 5; warm++) await call(warm);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)] * 100) / 100;
  return { runs, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1) };
}

/** EXPLAIN ANALYZE of a built Drizzle query, its parameters written in as literals (bench values only). */
export async function explainAnalyze(db: Orm, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  const literal = (value: unknown) =>
    typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  const statement = text.replace(/\$(\d+)/g, (_, index) => literal(params[Number(index) - 1]));
  const result = (await db.execute(sql.raw(`explain (analyze, buffers) ${statement}`))) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

export async function postgresVersion(db: Orm): Promise<string> {
  return rowsOf<{ version: string }>(await db.execute(sql`select version() as version`))[0].version;
}

/** 1, 5 and 15 minute load averages: the figures mean little without the machine's load beside them. */
export function loadAverage(): number[] {
  return os.loadavg().map((n) => Math.round(n * 100) / 100);
}

export function writeResult(fileName: string, content: unknown) {
  const directory = path.resolve('bench/results');
  fs.mkdirSync(directory, { recursive: true });
  const text = typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`;
  fs.writeFileSync(path.join(directory, fileName), text);
}
