const ISSUER = 'Gatehouse';

// Loaded when an administrator first uses the authenticator app, not at every start.
const otp = () => import('otplib/functional');

export const newTotpSecret = async () => (await otp()).generateSecret();

/** The otpauth:// address an authenticator app reads from the QR code. */
export const otpauthUri = async (email: string, secret: string) =>
  (await otp()).generateURI({ issuer: ISSUER, label: email, secret });

/**
 * The RFC 6238 time step a 6-digit code matches at `now` (one step of clock drift either way),
 * or null. A step at or before `afterStep` is refused: each code works once.
 */
export async function matchingTimeStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await (await otp()).verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
    afterTimeStep: afterStep ?? undefined,
  });
  // The union also covers HOTP's result; a TOTP verification always reports its time step.
  return result.valid && 'timeStep' in result ? (result.timeStep as number) : null;
}
