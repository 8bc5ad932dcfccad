import type { IncomingMessage } from 'node:http';
import { REQUEST_BODY_LIMIT_BYTES, readableSize } from '@core/limits/request-size';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../errors/server-messages';

/**
 * How much of a body over the limit is read and thrown away before the 413 is sent. A client
 * still writing when the answer comes and the connection closes sees a broken pipe, never the
 * answer (a browser's upload: "network error"); read to its end, it gets the sentence.
 */
export const OVERSIZED_BODY_DRAIN_BYTES = 16 * 1024 * 1024;

/** Fastify's error for a body over bodyLimit (its declared length, or the bytes read so far). */
export const isBodyTooLarge = (error: { code?: string }) => error.code === 'FST_ERR_CTP_BODY_TOO_LARGE';

/**
 * Reads the rest of the body and discards it; answers whether it ended within `capBytes` (then the
 * connection may stay open) or not (a declared length past the cap is not read at all).
 */
export function discardBody(raw: IncomingMessage, capBytes = OVERSIZED_BODY_DRAIN_BYTES): Promise<boolean> {
  if (raw.complete || raw.destroyed) return Promise.resolve(true);
  if (Number(raw.headers['content-length']) > capBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let discarded = 0;
    const finish = (ended: boolean) => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.off('error', onClose);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > capBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.complete);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('close', onClose);
    raw.on('error', onClose);
    raw.resume();
  });
}

/** The 413 with its sentence, sent once the body is read to its end (or past the cap: then closing). */
export async function answerBodyTooLarge(request: FastifyRequest, reply: FastifyReply) {
  const ended = await discardBody(request.raw);
  if (!ended) reply.header('connection', 'close');
  return reply
    .status(413)
    .send({ message: SERVER_MESSAGES.bodyTooLarge(readableSize(REQUEST_BODY_LIMIT_BYTES)), requestId: request.id });
}
