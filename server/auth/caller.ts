import type { PropertyFeature } from '@core/constants';
import type { Role } from '@core/roles';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Orm } from '../db/connect';
import { preparedPerDatabase } from '../db/prepared-per-database';
import { properties, users } from '../db/schema';
import type { TokenService } from './tokens';

/** The signed-in user a request acts for, as the database knows them now. */
export interface Caller {
  userId: string;
  role: Role;
  propertyId: string | null;
  propertyFeatures: PropertyFeature[];
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  tokenVersion: number;
}

/** The columns a Caller is read from; `propertyFeatures` is that column of the user's property, joined. */
export function callerColumns<Features extends AnyPgColumn<{ data: string[] }>>(propertyFeatures: Features) {
  return {
    userId: users.id,
    role: users.role,
    propertyId: users.propertyId,
    propertyFeatures,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    phoneNumber: users.phoneNumber,
    tokenVersion: users.tokenVersion,
    hasPassword: users.passwordHash,
  };
}

type CallerRow = Omit<Caller, 'propertyFeatures'> & { propertyFeatures: string[] | null; hasPassword: string | null };

/** The caller a row of callerColumns stands for; null for a user who cannot sign in (no password). */
export function callerOfRow(row: CallerRow | null | undefined): Caller | null {
  if (!row?.hasPassword) return null;
  const { hasPassword: _ignored, propertyFeatures, ...caller } = row;
  return { ...caller, propertyFeatures: (propertyFeatures ?? []) as PropertyFeature[] };
}

const callerById = preparedPerDatabase((db: Orm) =>
  db
    .select(callerColumns(properties.propertyFeatures))
    .from(users)
    .leftJoin(properties, eq(properties.id, users.propertyId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('caller_by_id'),
);

export async function findCallerById(db: Orm, userId: string): Promise<Caller | null> {
  const [row] = await callerById(db).execute({ userId });
  return callerOfRow(row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller a bearer token stands for, or null when it is absent, forged, expired or revoked. */
export async function callerFromToken(db: Orm, tokens: TokenService, token: string): Promise<Caller | null> {
  const userId = tokens.claimedUserId(token);
  if (!userId || !UUID.test(userId)) return null;
  const caller = await findCallerById(db, userId);
  if (!caller) return null;
  const claims = await tokens.verify(token, caller.userId, caller.tokenVersion);
  return claims ? caller : null;
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}
