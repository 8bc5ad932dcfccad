import { HttpError } from './http-error';

/** A 429 whose answer carries Retry-After, so a client knows when to try again. */
export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
