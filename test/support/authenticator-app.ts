import { generate } from 'otplib/functional';
import type { TestApp } from './test-app';

/** The 6-digit code an authenticator app shows for `secret` at the test clock's time. */
export const authenticatorCode = (t: TestApp, secret: string): Promise<string> =>
  generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });

/** A code for `secret` that is wrong now (and in the steps either side of now). */
export async function wrongCode(t: TestApp, secret: string): Promise<string> {
  const right = await authenticatorCode(t, secret);
  return String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
}
