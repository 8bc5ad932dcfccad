/**
 * Every rate limit and lockout of Gatehouse, in one place. A rule allows `max` hits per key in
 * a fixed window of `windowMs`; the key is the rule's name and its subject (an account, a
 * source address, a device, a user).
 */
export interface LimitRule {
  name: string;
  max: number;
  windowMs: number;
}

/**
 * A limit on guessing a low-entropy secret at a reader: a guess is counted before the secret is
 * looked up, and the guess that uses up the allowance, once found wrong, locks the subject for
 * `lockMs`, during which every guess is refused, a right one too (server/platform/limits/guess-lockout.ts).
 */
export interface LockoutRule extends LimitRule {
  lockMs: number;
}

const MINUTE = 60_000;

export const LIMITS = {
  /** Wrong passwords for one account from one source: stops guessing without touching the owner elsewhere. */
  loginAccountFromSource: { name: 'login-account-source', max: 5, windowMs: 15 * MINUTE },
  /** Sign-in attempts from one source, whatever the account (password spraying). */
  loginSource: { name: 'login-source', max: 30, windowMs: 15 * MINUTE },
  /** Failed sign-ins of one account from anywhere; above it the account is paced, never locked. */
  loginAccountCeiling: { name: 'login-account', max: 50, windowMs: 15 * MINUTE },
  /** Above the ceiling: one attempt per account every few seconds, so the owner still gets in. */
  loginAccountPace: { name: 'login-account-pace', max: 1, windowMs: 5_000 },
  /**
   * Second-factor tries (a code, a recovery code, a passkey) at one account from one source: a
   * 6-digit code gives no room to guess, and a guesser elsewhere does not touch the owner.
   */
  secondFactorAccountFromSource: { name: 'second-factor-account-source', max: 5, windowMs: 15 * MINUTE },
  /** Wrong second-factor tries at one account from anywhere; above it the account is paced, never locked. */
  secondFactorAccountCeiling: { name: 'second-factor-account', max: 10, windowMs: 15 * MINUTE },
  /** Above that ceiling: one try per account every half minute, the life of one TOTP code. */
  secondFactorAccountPace: { name: 'second-factor-account-pace', max: 1, windowMs: 30_000 },
  /** The owner is emailed once a day at most that codes are being guessed. */
  secondFactorGuessNotice: { name: 'second-factor-guess-notice', max: 1, windowMs: 24 * 60 * MINUTE },
  /**
   * Codes tried to confirm the authenticator app a session is setting up. The secret is the
   * session's own, so this is counted per session; a right code gives its count back.
   */
  secondFactorConfirm: { name: 'totp-confirm', max: 5, windowMs: 15 * MINUTE },
  /** Wrong PINs at one keypad before it locks for 5 minutes (what keypads do). */
  keypadFailures: { name: 'keypad-failures', max: 5, windowMs: 10 * MINUTE, lockMs: 5 * MINUTE },
  /**
   * Unrecognised QR codes one reader may send per minute: far above a person scanning (a
   * code every two seconds is 30), so only a script reaches it. Valid codes are never counted.
   */
  unknownQrCodes: { name: 'qr-unknown', max: 60, windowMs: MINUTE },
  /**
   * Unrecognised cards one reader may send per minute: a person taps a card every few seconds at
   * most, so only someone trying numbers reaches it; then the reader refuses every card for 5
   * minutes. Known cards are never counted. Sustained: 30 guesses per 6 minutes.
   */
  unknownCards: { name: 'card-unknown', max: 30, windowMs: MINUTE, lockMs: 5 * MINUTE },
  /**
   * Unrecognised cards all readers of one property may send per minute, so several readers do not
   * multiply the rate: then every reader there refuses every card for 10 minutes. One reader alone
   * never reaches it (at most 29 + 30 in any minute, then it locks), and the property's sustained
   * rate, 60 per 11 minutes, is about one reader's.
   */
  unknownCardsAtProperty: { name: 'card-unknown-property', max: 60, windowMs: MINUTE, lockMs: 10 * MINUTE },
  /** Remote openings by one person; a person presses a few times a minute. */
  remoteOpenUser: { name: 'open-user', max: 10, windowMs: MINUTE },
  /** Remote openings of one gate, by everyone together. */
  remoteOpenGate: { name: 'open-gate', max: 30, windowMs: MINUTE },
  /**
   * Directory searches one gate reader may make per minute: a visitor types a few letters (a
   * search per keystroke, debounced) for each person they look for; a script walking every
   * two-letter prefix (676 of them) is stopped after a few dozen.
   */
  intercomDirectory: { name: 'intercom-directory', max: 30, windowMs: MINUTE },
  /** Intercom calls one gate reader may start per minute: a few calls, not a resident rung over and over. */
  intercomCalls: { name: 'intercom-calls', max: 6, windowMs: MINUTE },
  /** Requests of one source to one public route. */
  publicRoute: { name: 'public', max: 300, windowMs: MINUTE },
  /** Password-reset emails one source may ask for. */
  passwordResetRequests: { name: 'password-reset', max: 20, windowMs: MINUTE },
  /** Requests with a missing or wrong device key from one source. */
  deviceKeyFailures: { name: 'device-key', max: 60, windowMs: MINUTE },
  /**
   * Requests one API key may make per minute, counted in the database so every process shares
   * the allowance: a sync job or a dashboard polling every second stays well under it.
   */
  apiKeyUses: { name: 'api-key', max: 120, windowMs: MINUTE },
} as const satisfies Record<string, LimitRule | LockoutRule>;
