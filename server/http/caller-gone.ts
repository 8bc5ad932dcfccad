import type { FastifyRequest } from 'fastify';

/**
 * Whether the caller has closed its side of the connection: a gate reader that waited 5 s without
 * an answer has told the visitor it is offline, so a gate opened now would open for no one.
 */
export function callerGone(request: FastifyRequest): boolean {
  // Not request.raw.destroyed: a request stream is destroyed as soon as its body has been read.
  const socket = request.raw.socket;
  return socket.destroyed || socket.readableEnded;
}
