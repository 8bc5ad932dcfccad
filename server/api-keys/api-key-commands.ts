import type { ApiKeyScope } from '@core/api/api-keys';
import type { Queryable } from '../platform/db/connect';
import type { PlatformDeps } from '../platform/deps';
import { newApiKey } from './api-key-secret';
import { insertApiKey, revokeApiKey } from './api-key-store';
import type { ApiKeyRow } from './api-keys-tables';

export interface ApiKeyRequest {
  propertyId: string;
  createdBy: string;
  name: string;
  scopes: ApiKeyScope[];
  expiresAt: Date | null;
}

type Record = (tx: Queryable, key: ApiKeyRow) => Promise<unknown>;

/** Makes a key and records it in one transaction; the key itself is returned once and kept nowhere. */
export async function createApiKey(deps: Pick<PlatformDeps, 'db'>, request: ApiKeyRequest, record: Record) {
  const { key, hash, prefix } = newApiKey();
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertApiKey(tx, { ...request, keyHash: hash, prefix });
    await record(tx, inserted);
    return inserted;
  });
  return { id: row.id, key };
}

/** Revokes a key and records it; false when it was revoked meanwhile. The next request with it is refused. */
export async function revokeApiKeyRecorded(deps: Pick<PlatformDeps, 'db'>, keyId: string, at: Date, record: Record) {
  return deps.db.transaction(async (tx) => {
    const revoked = await revokeApiKey(tx, keyId, at);
    if (revoked) await record(tx, revoked);
    return revoked !== null;
  });
}
