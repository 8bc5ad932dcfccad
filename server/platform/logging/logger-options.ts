import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../settings/config';
import { logSafeError } from './log-safe-error';
import { logSafeRequest } from './redact-url';

/**
 * The server's logger: the configured level, errors written without query parameters, URLs
 * without the tokens some of them carry, and readable lines (pino-pretty) when a person watches
 * a terminal; JSON lines otherwise.
 */
export function loggerOptions(
  level: AppConfig['logLevel'],
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  const pretty = !stream && process.stdout.isTTY;
  return {
    level,
    serializers: { err: logSafeError, req: logSafeRequest },
    ...(stream ? { stream } : {}),
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l' } } } : {}),
  };
}
