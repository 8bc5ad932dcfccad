import { MESSAGES } from '@core/messages';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { HttpError } from './http-error';

/**
 * Requests one client (IP address) may make to one public route per window. Generous enough for
 * a browser session and the end-to-end suite (all from 127.0.0.1), low enough to stop scripted
 * guessing; login and PIN entry add their own per-account and per-device failure limits.
 */
export const PUBLIC_RATE_LIMIT = { max: 300, timeWindowMs: 60_000 } as const;

/** The answer of every rate limit, the app-wide one and any stricter one a route sets itself. */
export const rateLimitOptions = {
  global: false,
  errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyRequests),
};

/** A fresh per-route counter; needs @fastify/rate-limit registered on the app first. */
export function publicRateLimit(app: FastifyInstance): onRequestHookHandler {
  return app.rateLimit({ max: PUBLIC_RATE_LIMIT.max, timeWindow: PUBLIC_RATE_LIMIT.timeWindowMs });
}
