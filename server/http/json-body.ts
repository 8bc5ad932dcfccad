import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The path of the first key anywhere in `value` that could pollute an object prototype. */
function forbiddenKeyPath(value: unknown, path: string[] = []): string | null {
  if (value === null || typeof value !== 'object') return null;
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) return [...path, key].join('.');
    const nested = forbiddenKeyPath((value as Record<string, unknown>)[key], [...path, key]);
    if (nested) return nested;
  }
  return null;
}

/**
 * JSON bodies: an empty body reads as no body, malformed JSON and prototype-pollution keys
 * (`__proto__`, `constructor`, `prototype`) answer 400 naming what is wrong.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new HttpError(400, 'body: is not valid JSON'), undefined);
    }
    const forbidden = forbiddenKeyPath(parsed);
    if (forbidden) return done(new HttpError(400, `${forbidden}: this key is not allowed`), undefined);
    done(null, parsed);
  });
}
