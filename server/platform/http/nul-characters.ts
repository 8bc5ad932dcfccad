import { fieldWords } from '@core/validation/issue-messages';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors/http-error';
import { SERVER_MESSAGES } from '../errors/server-messages';
import { forbiddenKeyError, forbiddenKeyPath } from './json-body';

/** The path of the first text or key holding a NUL character; bodies are depth-bounded by the JSON parser. */
function nulCharacterPath(value: unknown, path: string[]): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const found = nulCharacterPath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character (the query fails with an encoding error), so no text
 * with one reaches a handler: path parameters, query and body alike answer 400 naming the field.
 * Keys that could pollute a prototype are refused first, naming the key.
 */
export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      // A query key such as __proto__ is refused as the JSON parser refuses one in a body.
      const forbidden = part === 'body' ? null : forbiddenKeyPath(value);
      if (forbidden) throw forbiddenKeyError(forbidden);
      const path = nulCharacterPath(value, []);
      if (path) {
        const field = path.length ? path.join('.') : part;
        throw badRequest(`${fieldWords(path.length ? path : [part])} ${SERVER_MESSAGES.nulCharacter}.`, field);
      }
    }
  });
}
