import { LRUCache } from 'lru-cache';

/**
 * The one cache shape of the request path: bounded, least recently used out first, and every
 * entry forgotten after `ttlMs` so another process's change reaches this one within that bound.
 * Each use has a decision record with the benchmark figure that justifies it.
 */
export interface TtlCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
  /** Forgets every entry whose value passes `test` (a change made by this process). */
  deleteWhere(test: (value: V) => boolean): void;
}

export function ttlCache<V extends object | string>(options: { max: number; ttlMs: number }): TtlCache<V> {
  const entries = new LRUCache<string, V>({ max: options.max, ttl: options.ttlMs });
  return {
    get: (key) => entries.get(key),
    set: (key, value) => void entries.set(key, value),
    delete: (key) => void entries.delete(key),
    deleteWhere: (test) => {
      for (const [key, value] of entries.entries()) if (test(value)) entries.delete(key);
    },
  };
}
