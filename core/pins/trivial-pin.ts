/** Secure PIN rules shared by browser and server (DESIGN, Accounts). */
export const SECURE_PIN_DIGITS = 6;

/**
 * A PIN someone could guess: one repeated digit (000000), a run up or down (123456, 987654,
 * wrapping too: 890123), or a short pattern repeated (121212, 123123).
 */
export function isTrivialPin(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((digit, i) => (digit - digits[i] + 10) % 10);
  if (steps.every((step) => step === steps[0]) && (steps[0] === 0 || steps[0] === 1 || steps[0] === 9)) return true;
  for (const period of [2, 3]) {
    if ([...pin].every((char, i) => char === pin[i % period])) return true;
  }
  return false;
}

export function isWellFormedPin(pin: string): boolean {
  return new RegExp(`^\\d{${SECURE_PIN_DIGITS}}$`).test(pin);
}
