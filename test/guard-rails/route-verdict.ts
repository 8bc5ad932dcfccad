import type { DeclaredRoute } from '../../server/authorization/route-permissions';
import type { Expected } from './identities';

/** Why an answer breaks the route's declaration, or null when it keeps it. */
export function verdict(route: DeclaredRoute, expected: Expected, status: number): string | null {
  // 502: the gate's relay did not answer (seeded devices point at a closed local port).
  if (status >= 500 && status !== 502) return `answered ${status}`;
  if (!expected.allowed) return status === expected.status ? null : `expected ${expected.status}, got ${status}`;
  if (route.permission.kind !== 'public' && (status === 401 || status === 403))
    return `expected to be let in, got ${status}`;
  const scoped = route.permission.kind === 'user' && route.permission.scope !== undefined;
  if (scoped && status === 404) return 'expected to reach the record of its own property, got 404';
  return null;
}

/** A caller of property B let in by a route must not be shown (or act on) anything of property A. */
export function leakOf(status: number, body: string, idsOfA: string[]): string | null {
  if (status < 200 || status >= 300) return null;
  const seen = [...new Set(idsOfA)].filter((id) => body.includes(id));
  return seen.length ? `answered ${status} with ids of property A (${seen.join(', ')})` : null;
}
