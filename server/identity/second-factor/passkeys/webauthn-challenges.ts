import { and, eq, gt, lte, or } from 'drizzle-orm';
import { sha256Hex } from '../../../platform/crypto/keys';
import type { Queryable } from '../../../platform/db/connect';
import { webauthnChallenges } from '../../identity-tables';

export type ChallengePurpose = 'register' | 'sign-in';

/** How long the browser has to answer a challenge. */
export const CHALLENGE_SECONDS = 120;

/**
 * Keeps a challenge just handed out, hashed, for CHALLENGE_SECONDS. It replaces the user's
 * earlier one of the same purpose, so a user holds at most one of each.
 */
export async function keepChallenge(
  db: Queryable,
  challenge: { userId: string; purpose: ChallengePurpose; value: string; now: Date },
) {
  const { userId, purpose, value, now } = challenge;
  await db
    .delete(webauthnChallenges)
    .where(
      or(
        and(eq(webauthnChallenges.userId, userId), eq(webauthnChallenges.purpose, purpose)),
        lte(webauthnChallenges.expiresAt, now),
      ),
    );
  await db.insert(webauthnChallenges).values({
    userId,
    purpose,
    challengeHash: sha256Hex(value),
    expiresAt: new Date(now.getTime() + CHALLENGE_SECONDS * 1000),
  });
}

/** The challenge the browser's answer signed, taken (deleted) from the store; null when unknown, used or expired. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    // clientDataJSON is base64url-encoded JSON (WebAuthn §5.8.1); the library's helper would load all of it at start.
    const { challenge } = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    return typeof challenge === 'string' && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Takes the challenge the answer names out of the store, once: two answers to one challenge,
 * even in two processes at once, see one success (the DELETE ... RETURNING decides).
 */
export async function takeChallenge(
  db: Queryable,
  answer: { userId: string; purpose: ChallengePurpose; clientDataJSON: string; now: Date },
): Promise<string | null> {
  const challenge = challengeOf(answer.clientDataJSON);
  if (!challenge) return null;
  const taken = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challengeHash, sha256Hex(challenge)),
        eq(webauthnChallenges.userId, answer.userId),
        eq(webauthnChallenges.purpose, answer.purpose),
        gt(webauthnChallenges.expiresAt, answer.now),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return taken.length ? challenge : null;
}
