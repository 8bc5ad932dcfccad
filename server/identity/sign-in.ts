import type { PropertyFeature } from '@core/constants';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accountRows, ofAccountRows } from '../accounts/account-rows';
import { accountWithPasswordByEmail } from '../accounts/account-store';
import { refuseWhilePaused } from '../authorization/access-pause';
import { propertyOfAccount } from '../authorization/account-and-property';
import { browserLabel } from '../authorization/browser-label';
import { hasPasskey } from '../authorization/caller';
import { pauseColumns } from '../authorization/pause-facts';
import { browsersSeen } from '../authorization/person-sessions';
import { startSession } from '../authorization/session-queries';
import type { TokenService } from '../authorization/tokens';
import type { Queryable } from '../platform/db/connect';
import type { PlatformDeps } from '../platform/deps';
import { propertyRows } from '../property-records/property-rows';
import { enqueueSecurityNotice } from './security-notice-jobs';

/** The account with this email (given in lower case) for a password sign-in: its hash and second factors; null if none. */
export function passwordAccountByEmail(db: Queryable, email: string) {
  return accountWithPasswordByEmail(db, email, hasPasskey());
}

/** Where a sign-in comes from: the browser's user agent and the client's address. */
export interface SignInSource {
  userAgent: string | undefined;
  address: string;
}

export const sourceOf = (request: FastifyRequest): SignInSource => ({
  userAgent: request.headers['user-agent'],
  address: request.ip,
});

/** How a sign-in was proven: the password alone, or the password and the second factor. */
export type SignInProof = 'password' | 'second-factor';

/** Starts a session for the user from this browser and address and returns its token; 403 while their access is paused. */
export async function signInUser(
  deps: Pick<PlatformDeps, 'config' | 'db' | 'jobs'> & { tokens: TokenService },
  userId: string,
  source: SignInSource,
  proof: SignInProof,
  /** Records the sign-in in the activity trail, in the session's transaction. */
  record?: (tx: Queryable, sessionId: string) => Promise<unknown>,
): Promise<string> {
  const { user, session, notified } = await deps.db.transaction(async (tx) => {
    // The user's row is locked for the session's insert: a suspension (which locks it to update)
    // waits for this sign-in and then ends its session too, or this one waits and sees the pause.
    const [user] = await tx
      .select({
        role: accountRows.role,
        propertyId: accountRows.propertyId,
        propertyFeatures: propertyRows.propertyFeatures,
        ...pauseColumns,
      })
      .from(accountRows)
      .leftJoin(propertyRows, propertyOfAccount)
      .where(eq(accountRows.id, userId))
      .limit(1)
      .for('share', ofAccountRows);
    if (!user) throw new Error(`signInUser: no user ${userId}`);
    refuseWhilePaused(user, deps.config.now());
    const seen = await browsersSeen(tx, userId, browserLabel(source.userAgent));
    const started = await startSession(tx, {
      userId,
      ...source,
      now: deps.config.now(),
      lifetimeSeconds: deps.config.sessionLifetimeSeconds,
      secondFactorPassed: proof === 'second-factor',
    });
    // The first sign-in ever is expected; a later one from a browser never seen before is news.
    const news = seen.any && !seen.thisBrowser;
    if (news) await enqueueSecurityNotice(deps.jobs, tx, { userId, event: 'new-browser', sessionId: started.id });
    await record?.(tx, started.id);
    return { user, session: started, notified: news };
  });
  if (notified) void deps.jobs.kick();
  return deps.tokens.issue({
    id: userId,
    role: user.role,
    propertyId: user.propertyId,
    propertyFeatures: (user.propertyFeatures ?? []) as PropertyFeature[],
    sessionId: session.id,
    sessionExpiresAt: session.expiresAt,
  });
}
