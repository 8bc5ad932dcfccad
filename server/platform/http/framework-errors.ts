import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../errors/server-messages';
import { securityHeadersFor } from './security-headers';

/** The router refuses a path parameter longer than this (an id or a token is far shorter). */
export const MAX_PATH_PART_LENGTH = 500;

/** Answers to a malformed address: only the server says these, so they stay out of the browser's bundle. */
export const FRAMEWORK_ERROR_MESSAGES = {
  pathPartTooLong: (limit: number) =>
    `A part of this address is too long (at most ${limit} characters). Check the link and try again.`,
  brokenPathEscape: 'This address has a broken %-escape. Check the link and try again.',
};

const ANSWERS: Record<string, { status: number; message: string }> = {
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: FRAMEWORK_ERROR_MESSAGES.pathPartTooLong(MAX_PATH_PART_LENGTH) },
  FST_ERR_BAD_URL: { status: 400, message: FRAMEWORK_ERROR_MESSAGES.brokenPathEscape },
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
  return reply.status(500).send({ message: SERVER_MESSAGES.internalError, requestId: request.id });
}
