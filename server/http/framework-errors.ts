import { MESSAGES } from '@core/messages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { securityHeadersFor } from './security-headers';

/** The router refuses a path parameter longer than this (an id or a token is far shorter). */
export const MAX_PATH_PART_LENGTH = 500;

const ANSWERS: Record<string, { status: number; message: string }> = {
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: MESSAGES.pathPartTooLong(MAX_PATH_PART_LENGTH) },
  FST_ERR_BAD_URL: { status: 400, message: MESSAGES.brokenPathEscape },
};

/**
 * What the router refuses before any route or error handler runs: Fastify's own answer would
 * echo the whole path back (a reflected, unbounded text), so it answers in the app's `{ message }`.
 * No onRequest hook has run, so the headers every answer carries are set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.headers(securityHeadersFor(request.url)).header('x-request-id', request.id);
  const known = ANSWERS[error.code];
  if (known) return reply.status(known.status).send({ message: known.message, requestId: request.id });
  request.log.error({ code: error.code }, 'router failed');
  return reply.status(500).send({ message: MESSAGES.internalError, requestId: request.id });
}
