/** What an error answer may carry besides its message (errorResponse in ./common.ts). */
export interface ErrorDetails {
  fieldErrors?: Record<string, string>;
  signInAs?: string;
}

/**
 * An error answer from the API as the web client throws it; `message` is the server's text when
 * it sent one. Here rather than in web/api so that web/ui can read a refusal without the client.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | null,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
  }
}
