import { asSentence } from '@core/validation/issue-messages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, rootCauseMessage } from '../db/database-unavailable';
import { HttpError } from '../errors/http-error';
import { SERVER_MESSAGES } from '../errors/server-messages';
import { TooManyRequests } from '../errors/too-many';
import { answerBodyTooLarge, isBodyTooLarge } from './oversized-body';

type ValidationIssue = { instancePath?: string; message?: string; params?: Record<string, unknown> };

/** The dotted path of the field an issue is about; unknown keys name themselves. */
function fieldsOf(issue: ValidationIssue, context: string | undefined): string[] {
  const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const extra = issue.params?.keys;
  if (Array.isArray(extra) && extra.length) return extra.map((key) => (path ? `${path}.${key}` : String(key)));
  return [path || context || 'request'];
}

/**
 * `{ message, fieldErrors }`: the message is the schema's own sentence (several joined as
 * sentences), fieldErrors maps each field path to its sentence for forms and tools.
 */
function validationAnswer(error: FastifyError) {
  const issues = (error.validation ?? []) as ValidationIssue[];
  if (!issues.length) return { message: error.message };
  // A Map, not an object: a field may be called "constructor" or "__proto__".
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const text = issue.message ?? SERVER_MESSAGES.invalidInput;
    for (const field of fieldsOf(issue, error.validationContext)) if (!byField.has(field)) byField.set(field, text);
  }
  const sentences = [...new Set(byField.values())].slice(0, 3);
  const message = sentences.length === 1 ? sentences[0] : sentences.map(asSentence).join(' ');
  return { message, fieldErrors: Object.fromEntries(byField) };
}

/**
 * One place turns every error into `{ message, requestId }`; a 5xx never reveals internals. A database that
 * is away answers 503 (try again), logged by the driver's words only: the failed query's text and
 * parameters stay out of the log.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const requestId = request.id;
  if (isBodyTooLarge(error)) return answerBodyTooLarge(request, reply);
  if (error.validation) {
    return reply.status(400).send({ ...validationAnswer(error), requestId });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ cause: rootCauseMessage(error) }, 'database unavailable');
    return reply.status(503).send({ message: SERVER_MESSAGES.databaseUnavailable, requestId });
  }
  const status = error.statusCode ?? 500;
  if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
  if (status >= 400 && status < 500) {
    const extra = error instanceof HttpError ? error : null;
    return reply.status(status).send({
      message: error.message,
      ...(extra?.field ? { fieldErrors: { [extra.field]: error.message } } : {}),
      ...extra?.details,
      requestId,
    });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ message: SERVER_MESSAGES.internalError, requestId });
}
