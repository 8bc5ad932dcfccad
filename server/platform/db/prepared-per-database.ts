import type { Orm } from './connect';

/**
 * A named prepared query built once per database: a hot path skips query building and, on
 * PostgreSQL, parsing and planning.
 */
export function preparedPerDatabase<Query>(build: (db: Orm) => Query): (db: Orm) => Query {
  const byDatabase = new WeakMap<Orm, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}
