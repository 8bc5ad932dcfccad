import type { ApiKeyScope, ApiKeySummary } from '@core/api/api-keys';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { managerOfPropertyNowColumn, namesOf } from '../accounts/account-store';
import type { Orm, Queryable } from '../platform/db/connect';
import { preparedPerDatabase } from '../platform/db/prepared-per-database';
import { propertyFeaturesColumn } from '../property-records/property-queries';
import { type ApiKeyRow, apiKeys } from './api-keys-tables';

export interface NewApiKey {
  propertyId: string;
  createdBy: string;
  name: string;
  scopes: ApiKeyScope[];
  expiresAt: Date | null;
  keyHash: string;
  prefix: string;
}

export async function insertApiKey(tx: Queryable, key: NewApiKey): Promise<ApiKeyRow> {
  const [row] = await tx.insert(apiKeys).values(key).returning();
  return row;
}

/** A property's keys not revoked, newest first, with the name of the manager who made each. */
export async function listApiKeys(db: Queryable, propertyId: string): Promise<ApiKeySummary[]> {
  const keys = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.propertyId, propertyId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  const makers = await namesOf(
    db,
    keys.map((key) => key.createdBy),
  );
  return keys.map((key) => ({
    _id: key.id,
    name: key.name,
    scopes: key.scopes,
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    createdBy: makers.get(key.createdBy) ?? '',
    expiresAt: key.expiresAt?.toISOString() ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: key.lastUsedIp,
  }));
}

/** The property a key belongs to, for the revoking route's scope; null for an unknown or revoked key. */
export async function apiKeyPropertyOf(db: Queryable, keyId: string | undefined): Promise<string | null> {
  if (!keyId) return null;
  const [row] = await db
    .select({ propertyId: apiKeys.propertyId })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row?.propertyId ?? null;
}

/** Revokes a key; the revoked row, or null when it was already revoked (by someone else, just now). */
export async function revokeApiKey(tx: Queryable, keyId: string, at: Date): Promise<ApiKeyRow | null> {
  const [row] = await tx
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning();
  return row ?? null;
}

/** A column of api_keys named with its table, as the owners' subqueries need an outer column. */
const ownColumn = (column: AnyPgColumn) => sql`${apiKeys}.${sql.identifier(column.name)}`;

/**
 * A key not revoked and not expired, by its hash, with its maker as a manager of its property now
 * and the property's features: one statement, the maker's and the property's parts written by
 * their owners (docs/decisions/0102).
 */
const keyByHash = preparedPerDatabase((db: Orm) =>
  db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      propertyId: apiKeys.propertyId,
      maker: managerOfPropertyNowColumn(ownColumn(apiKeys.createdBy), ownColumn(apiKeys.propertyId)),
      propertyFeatures: propertyFeaturesColumn(ownColumn(apiKeys.propertyId)),
    })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.keyHash, sql.placeholder('keyHash')),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`${sql.placeholder('now')}::timestamptz`)),
      ),
    )
    .limit(1)
    .prepare('api_key_by_hash_live'),
);

/**
 * A key that may be used now: not revoked, not expired, its maker still a manager of its property
 * (or a super administrator), with the maker and the property a key caller is built from.
 */
export async function findLiveApiKey(db: Orm, keyHash: string, now: Date) {
  const [found] = await keyByHash(db).execute({ keyHash, now: now.toISOString() });
  if (!found) return null;
  const { maker, propertyFeatures, ...key } = found;
  if (!maker || !propertyFeatures) return null;
  return { key, maker, propertyFeatures };
}

export type LiveApiKey = NonNullable<Awaited<ReturnType<typeof findLiveApiKey>>>;

/** The key's last use, for the list. */
export async function noteApiKeyUse(tx: Queryable, keyId: string, at: Date, ip: string | null) {
  await tx.update(apiKeys).set({ lastUsedAt: at, lastUsedIp: ip }).where(eq(apiKeys.id, keyId));
}
