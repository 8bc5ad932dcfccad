import { MESSAGES } from '@core/messages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

type ValidationIssue = { instancePath?: string; message?: string; params?: Record<string, unknown> };

function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const missing = issue.params?.missingProperty ?? issue.params?.key;
  if (path) return path;
  if (typeof missing === 'string') return missing;
  const extra = issue.params?.keys;
  if (Array.isArray(extra) && extra.length) return extra.join(', ');
  return context ?? 'request';
}

/** "email: Please enter a valid email address"; names the field so the caller knows what to fix. */
function validationMessage(error: FastifyError): string {
  const issues = (error.validation ?? []) as ValidationIssue[];
  if (!issues.length) return error.message;
  return issues
    .slice(0, 3)
    .map((issue) => `${fieldOf(issue, error.validationContext)}: ${issue.message ?? 'is invalid'}`)
    .join('; ');
}

/** One place turns every error into `{ message }`; a 5xx never reveals internals. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.validation) {
    return reply.status(400).send({ message: validationMessage(error) });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ message: error.message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ message: MESSAGES.internalError });
}
