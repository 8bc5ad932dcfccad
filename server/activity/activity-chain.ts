import { sha256Hex } from '../platform/crypto/keys';
import type { ActivityChanges } from '../platform/db/schema';

/** The first link of every property's chain points at this. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields a row's hash covers: everything but its place in the table (seq) and the hashes. */
export interface ChainedFields {
  id: string;
  at: Date;
  actorId: string | null;
  actorRole: string;
  actorName: string;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  action: string;
  summary: string;
  objectKind: string;
  objectId: string | null;
  propertyId: string | null;
  changes: ActivityChanges;
}

/** JSON with object keys sorted at every depth: jsonb gives keys back in its own order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function canonicalRow(row: ChainedFields): string {
  return canonicalJson({
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorRole: row.actorRole,
    actorName: row.actorName,
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
    action: row.action,
    summary: row.summary,
    objectKind: row.objectKind,
    objectId: row.objectId,
    propertyId: row.propertyId,
    // As jsonb keeps it: a Date (or anything with toJSON) by its JSON form, not as an empty object.
    changes: JSON.parse(JSON.stringify(row.changes ?? {})),
  });
}

/** hash = sha256(prev_hash || canonical row). */
export function chainHash(prevHash: string, row: ChainedFields): string {
  return sha256Hex(prevHash + canonicalRow(row));
}
