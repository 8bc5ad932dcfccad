/**
 * Answers only the server gives (sign-in refusals, limits, access, failures of the request itself):
 * kept out of core so that the browser's first load does not carry them.
 */
export const SERVER_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  tooManyLoginAttempts: 'Too many login attempts. Please wait a few minutes and try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  tooManyCodeAttempts: 'Too many wrong codes. Please wait a few minutes and try again.',
  invalidSecondFactorCode: 'That code is not valid. Check your authenticator app or use a recovery code.',
  secondFactorSignInExpired: 'This sign-in has expired. Please sign in again.',
  secondFactorEnrolmentRequired: 'Set up two-step verification to continue.',
  loginPaced: 'This account has had many failed sign-ins. Please wait a few seconds and try again.',
  codesPaced: 'This account has had many wrong codes. Please wait half a minute and try again.',
  authenticationRequired: 'Authentication required',
  forbidden: 'You do not have permission to do this',
  invalidInput: 'This value is not valid.',
  internalError: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'Gatehouse cannot reach its database right now. Please try again in a moment.',
  bodyTooLarge: (limit: string) => `This request is too large: Gatehouse accepts at most ${limit} at a time.`,
  nulCharacter: 'must not contain a NUL character',
  nestedTooDeeply: (limit: number) => `is nested too deeply (at most ${limit} levels of objects and lists)`,
} as const;
