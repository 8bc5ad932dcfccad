import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../server/platform/db/rows';

/** Every row of every table, as text: what someone who reads the database (or a backup) sees. */
export async function everyRowAsText(app: FastifyInstance): Promise<string> {
  const tables = await app.db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`);
  const parts: string[] = [];
  for (const table of rowsOf<{ schema: string; name: string }>(tables)) {
    const rows = await app.db.execute(
      sql.raw(`select row_to_json(t)::text as row from "${table.schema}"."${table.name}" t`),
    );
    parts.push(...rowsOf<{ row: string }>(rows).map((row) => row.row));
  }
  return parts.join('\n');
}

/** A token as sent, and the encodings someone might store it in. */
export function spellings(token: string): string[] {
  const bytes = Buffer.from(token, 'base64url');
  const text = Buffer.from(token, 'utf8');
  return [
    token,
    encodeURIComponent(token),
    bytes.toString('hex'),
    bytes.toString('base64'),
    text.toString('hex'),
    text.toString('base64'),
    text.toString('base64url'),
  ];
}
