/** The rows of a raw `db.execute` result (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
