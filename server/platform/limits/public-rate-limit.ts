import type { onRequestHookHandler } from 'fastify';
import type { PlatformDeps } from '../deps';
import { SERVER_MESSAGES } from '../errors/server-messages';
import { TooManyRequests } from '../errors/too-many';
import { LIMITS, type LimitRule } from './limit-rules';
import { reserve } from './rate-limit';

/**
 * Requests one source may make to one public route per window, counted in the database so every
 * process shares the count. Generous enough for a browser session and the end-to-end suite (all
 * from 127.0.0.1), low enough to stop scripted guessing; sign-in and PIN entry add their own limits.
 */
export function publicRateLimit(
  deps: Pick<PlatformDeps, 'config' | 'db'>,
  route: string,
  rule: LimitRule = LIMITS.publicRoute,
): onRequestHookHandler {
  return async (request) => {
    const reservation = await reserve(deps.db, rule, `${route}|${request.ip}`, deps.config.now());
    if (!reservation.allowed) throw new TooManyRequests(SERVER_MESSAGES.tooManyRequests, reservation.retryAfterSeconds);
  };
}
