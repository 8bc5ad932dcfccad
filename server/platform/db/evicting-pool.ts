import pg from 'pg';
import { isConnectionFailure } from './database-unavailable';

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pg.Pool that takes a checked-out client out of the pool the moment one of its queries fails
 * at the connection level (read timeout, connection lost). drizzle's node-postgres transaction()
 * runs BEGIN outside its try/finally and releases without the error, so after a stall it would
 * leak clients (a failed BEGIN) or hand a stuck one out again, and the pool would not recover
 * by itself (drizzle-orm issues 6241 and 6114, open at 0.45.4). Queries the pool runs itself
 * (pool.query) already release with the error and are left alone.
 */
export class EvictingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then(evictOnConnectionFailure);
  }
}

const baseQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;

function evictOnConnectionFailure(client: pg.PoolClient): pg.PoolClient {
  const releaseToPool = client.release;
  let released = false;
  const release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    // Back to the plain method, so the next checkout starts from it.
    Reflect.deleteProperty(client, 'query');
    releaseToPool(error);
  };
  client.release = release;
  client.query = ((...args: unknown[]) => {
    const result = baseQuery.apply(client, args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      if (isConnectionFailure(error)) release(error as Error);
      throw error;
    });
  }) as typeof client.query;
  return client;
}
