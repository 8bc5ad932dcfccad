/**
 * An error whose status and message are meant for the caller. `field` names the request field
 * at fault (sent as `fieldErrors`), so a form can show the message beside it.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
