import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Strict CSP for the SPA: scripts only from our origin. Styles allow inline because Mantine sets
 * CSS variables and positions through style attributes; no script can run from them.
 */
const HELMET_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: HELMET_DIRECTIVES },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
};

/**
 * The gate reader page decodes QR codes with a WebAssembly build of zxing where the browser has no
 * BarcodeDetector; compiling WebAssembly needs 'wasm-unsafe-eval' (which allows no JavaScript eval),
 * and only that page gets it.
 */
const READER_OPTIONS: HelmetOptions = {
  ...HELMET_OPTIONS,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { ...HELMET_DIRECTIVES, scriptSrc: ["'self'", "'wasm-unsafe-eval'"] },
  },
};

const isReaderPage = (url: string) => url === '/reader' || url.startsWith('/reader?');

/** The headers helmet sets for these options: they depend on nothing in the request. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

let computed: { headers: Record<string, string>; readerHeaders: Record<string, string> } | null = null;

/**
 * Computed once: @fastify/helmet rebuilt the whole helmet middleware, CSP string included, on
 * every request, which cost a gate reader's hot path several percent of its CPU.
 */
export function securityHeadersFor(url: string): Record<string, string> {
  computed ??= { headers: helmetHeaders(HELMET_OPTIONS), readerHeaders: helmetHeaders(READER_OPTIONS) };
  return isReaderPage(url) ? computed.readerHeaders : computed.headers;
}

export function registerSecurityHeaders(app: FastifyInstance) {
  securityHeadersFor('/');
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(request.url));
    done();
  });
}
