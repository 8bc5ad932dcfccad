import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Orm } from '../db/connect';

/** The cookie that sends a caller's reads to the primary for a while after they changed something. */
const COOKIE = 'gh_fresh_until';
/** Longer than any lag the replica is allowed (read-replica.ts maxLagMs), so a change is always seen. */
const FRESH_FOR_MS = 6_000;

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Read-your-writes across processes without shared state: a change that succeeded sets a short
 * cookie, and the reads of the requests that follow it (any process) go to the primary. A caller
 * without cookies (a script with a bearer key) may read a moment-old page after a change.
 */
export function installFreshReads(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (CHANGES.has(request.method) && reply.statusCode < 400) {
      const until = app.config.now().getTime() + FRESH_FOR_MS;
      reply.header('set-cookie', [
        ...headerValues(reply.getHeader('set-cookie')),
        `${COOKIE}=${until}; Path=/api; Max-Age=${Math.ceil(FRESH_FOR_MS / 1000)}; HttpOnly; SameSite=Lax`,
      ]);
    }
    return payload;
  });
}

function headerValues(value: unknown): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

/** Whether this request follows a change of its caller's closely enough to read the primary. */
export function wantsFreshRead(request: FastifyRequest, now: Date): boolean {
  const match = new RegExp(`(?:^|;\\s*)${COOKIE}=(\\d+)`).exec(request.headers.cookie ?? '');
  return match !== null && Number(match[1]) > now.getTime();
}

/** A heavy read for this request: on the replica unless the caller just changed something. */
export function heavyRead<T>(app: FastifyInstance, request: FastifyRequest, query: (db: Orm) => Promise<T>) {
  return app.reads.read(query, { fresh: wantsFreshRead(request, app.config.now()) });
}

/** The database for a long read of this request (an export's stream), chosen once at its start. */
export function heavyReadDatabase(app: FastifyInstance, request: FastifyRequest): Promise<Orm> {
  return app.reads.database({ fresh: wantsFreshRead(request, app.config.now()) });
}
