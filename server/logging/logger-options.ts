import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config';
import { logSafeError } from './log-safe-error';

/**
 * The server's logger: the configured level, errors written without query parameters, and
 * readable lines (pino-pretty) when a person watches a terminal; JSON lines otherwise.
 */
export function loggerOptions(
  level: AppConfig['logLevel'],
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  const pretty = !stream && process.stdout.isTTY;
  return {
    level,
    serializers: { err: logSafeError },
    ...(stream ? { stream } : {}),
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l' } } } : {}),
  };
}
