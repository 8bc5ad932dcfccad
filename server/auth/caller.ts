import type { PropertyFeature } from '@core/constants';
import type { Role } from '@core/roles';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Orm } from '../db/connect';
import { preparedPerDatabase } from '../db/prepared-per-database';
import { properties, sessions, users } from '../db/schema';
import { hasPasskey } from './second-factor/passkeys/passkey-store';
import type { TokenService } from './tokens';

/** The signed-in user a request acts for, as the database knows them now, and their session. */
export interface Caller {
  userId: string;
  role: Role;
  propertyId: string | null;
  propertyFeatures: PropertyFeature[];
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  sessionId: string;
  sessionSeenAt: Date;
  /** Whether the user has a second factor (an authenticator app or a passkey). */
  secondFactorEnrolled: boolean;
  /** Whether the user's property requires its managers to have one. */
  propertyRequiresSecondFactor: boolean;
}

/**
 * The columns a Caller is read from; `propertyFeatures` is that column of the user's property,
 * joined, and the session columns come from a join on liveSessionOfUser.
 */
export function callerColumns<
  Features extends AnyPgColumn<{ data: string[] }>,
  Requires extends AnyPgColumn<{ data: boolean }>,
>(property: { propertyFeatures: Features; managersNeedSecondFactor: Requires }) {
  return {
    userId: users.id,
    role: users.role,
    propertyId: users.propertyId,
    propertyFeatures: property.propertyFeatures,
    propertyRequiresSecondFactor: property.managersNeedSecondFactor,
    secondFactorEnrolled: sql<boolean>`(${users.totpSecretSealed} is not null or ${hasPasskey()})`,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    phoneNumber: users.phoneNumber,
    sessionId: sessions.id,
    sessionSeenAt: sessions.lastSeenAt,
    hasPassword: users.passwordHash,
  };
}

/** The join condition to the token's session (placeholder `sessionId`), only while it has not ended. */
export function liveSessionOfUser(): SQL | undefined {
  return and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, users.id), isNull(sessions.endedAt));
}

type CallerRow = Omit<Caller, 'propertyFeatures' | 'sessionId' | 'sessionSeenAt' | 'propertyRequiresSecondFactor'> & {
  propertyFeatures: string[] | null;
  propertyRequiresSecondFactor: boolean | null;
  hasPassword: string | null;
  sessionId: string | null;
  sessionSeenAt: Date | null;
};

/** The caller a row of callerColumns stands for; null without a live session or a password. */
export function callerOfRow(row: CallerRow | null | undefined): Caller | null {
  if (!row?.hasPassword || !row.sessionId || !row.sessionSeenAt) return null;
  const { hasPassword: _ignored, propertyFeatures, propertyRequiresSecondFactor, ...caller } = row;
  return {
    ...caller,
    sessionId: row.sessionId,
    sessionSeenAt: row.sessionSeenAt,
    propertyRequiresSecondFactor: propertyRequiresSecondFactor === true,
    propertyFeatures: (propertyFeatures ?? []) as PropertyFeature[],
  };
}

const callerBySession = preparedPerDatabase((db: Orm) =>
  db
    .select(callerColumns(properties))
    .from(users)
    .leftJoin(properties, eq(properties.id, users.propertyId))
    .leftJoin(sessions, liveSessionOfUser())
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('caller_by_session'),
);

export async function findCaller(db: Orm, userId: string, sessionId: string): Promise<Caller | null> {
  const [row] = await callerBySession(db).execute({ userId, sessionId });
  return callerOfRow(row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller a bearer token stands for, or null when it is absent, forged, expired or its session ended. */
export async function callerFromToken(db: Orm, tokens: TokenService, token: string): Promise<Caller | null> {
  const claims = await tokens.verify(token);
  if (!claims || !UUID.test(claims.UID) || !UUID.test(claims.sid)) return null;
  return findCaller(db, claims.UID, claims.sid);
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}
