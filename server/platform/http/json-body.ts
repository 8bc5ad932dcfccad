import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors/http-error';
import { SERVER_MESSAGES } from '../errors/server-messages';

/** Deeper than any request of ours (a visitor's weekday windows are 3 levels); bounds every walk. */
export const MAX_JSON_DEPTH = 32;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_LIST = 91;
const OPEN_OBJECT = 123;
const CLOSE_LIST = 93;
const CLOSE_OBJECT = 125;

/** Whether the quote at `at` is escaped: an odd run of backslashes before it. */
function isEscaped(text: string, at: number): boolean {
  let backslashes = 0;
  while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
  return backslashes % 2 === 1;
}

/**
 * Whether JSON text opens more than `limit` objects and lists inside one another, read in one
 * pass over the raw text without building anything, so a hostile body costs no recursion.
 * Strings are skipped whole (their brackets are text).
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === QUOTE) {
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return false;
      i = end;
    } else if (char === OPEN_LIST || char === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (char === CLOSE_LIST || char === CLOSE_OBJECT) depth--;
  }
  return false;
}

export const forbiddenKeyError = (path: string) => new HttpError(400, `The key “${path}” is not allowed.`, path);

/** The path of the first key anywhere in `value` that could pollute an object prototype. Depth is bounded. */
export function forbiddenKeyPath(value: unknown, path: string[] = []): string | null {
  if (value === null || typeof value !== 'object') return null;
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) return [...path, key].join('.');
    const nested = forbiddenKeyPath((value as Record<string, unknown>)[key], [...path, key]);
    if (nested) return nested;
  }
  return null;
}

/**
 * JSON bodies: an empty body reads as no body; bodies nested deeper than MAX_JSON_DEPTH (checked
 * on the raw text, before parsing and before any recursive walk), malformed JSON and
 * prototype-pollution keys (`__proto__`, `constructor`, `prototype`) answer 400 naming what is wrong.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(
        new HttpError(400, `The request body ${SERVER_MESSAGES.nestedTooDeeply(MAX_JSON_DEPTH)}.`, 'body'),
        undefined,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new HttpError(400, 'The request body is not valid JSON.', 'body'), undefined);
    }
    const forbidden = forbiddenKeyPath(parsed);
    if (forbidden) return done(forbiddenKeyError(forbidden), undefined);
    done(null, parsed);
  });
}
