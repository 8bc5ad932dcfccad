import type { FastifyRequest } from 'fastify';

/**
 * Path segments and query values that carry a secret: a pass page link, a password reset or
 * invitation token, a reader's pairing key. Request logs show them as [redacted].
 */
const SECRET_PATHS = [
  /(\/pass\/)[^/?#]+/,
  /(\/set-new-password\/)[^/?#]+/,
  /(\/validate-reset-token\/)[^/?#]+/,
  /(\/reset-password\/)[^/?#]+/,
];
const SECRET_QUERY = /([?&](?:_id|token|key)=)[^&#]*/g;

export function redactUrl(url: string): string {
  const redacted = SECRET_PATHS.reduce((text, pattern) => text.replace(pattern, '$1[redacted]'), url);
  return redacted.replace(SECRET_QUERY, '$1[redacted]');
}

/** Fastify's request log fields, with the URL's secrets taken out. */
export function logSafeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
