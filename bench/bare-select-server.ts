// The reference for bench/access-qr.bench.ts, in its own process like Gatehouse: a Fastify route
// doing one indexed SELECT on qr_codes by token_hash, on PostgreSQL (BARE_DATABASE_URL, a pool of
// 10) or on a PGlite data dir (BARE_PGLITE_DIR). Prints "listening <port>" when ready.
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { sha256Hex } from '../server/platform/crypto/keys';
import { connectPglite } from '../server/platform/db/connect';
import { rowsOf } from '../server/platform/db/rows';

async function selectByHash(): Promise<(hash: string) => Promise<number>> {
  const pgliteDir = process.env.BARE_PGLITE_DIR;
  if (pgliteDir) {
    const { orm } = await connectPglite(pgliteDir);
    return async (hash) => {
      const answer = await orm.execute(sql`select id, start_date, end_date from qr_codes where token_hash = ${hash}`);
      return rowsOf(answer).length;
    };
  }
  const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
  return async (hash) => {
    const { rows } = await pool.query('select id, start_date, end_date from qr_codes where token_hash = $1', [hash]);
    return rows.length;
  };
}

const select = await selectByHash();
const bare = Fastify();
bare.post('/bare', async (request) => {
  const { code } = request.body as { code: string };
  return { found: (await select(sha256Hex(code))) === 1 };
});
await bare.listen({ port: 0, host: '127.0.0.1' });
const address = bare.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
