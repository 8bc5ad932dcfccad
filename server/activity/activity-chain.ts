import { sha256Hex } from '../platform/crypto/keys';
import type { ActivityChanges } from './activity-changes';

/** The first link of every property's chain points at this. */
export const GENESIS_HASH = '0'.repeat(64);

/** The words of an entry that may name people: what erasure replaces (docs/decisions/0055). */
export interface PersonalWords {
  actorName: string;
  summary: string;
  changes: ActivityChanges;
}

/** The fields a row's hash covers: everything but its place in the table (seq) and the hashes. */
export interface ChainedFields extends PersonalWords {
  id: string;
  at: Date;
  actorId: string | null;
  actorRole: string;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  action: string;
  objectKind: string;
  objectId: string | null;
  propertyId: string | null;
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

// As jsonb keeps it: a Date (or anything with toJSON) by its JSON form, not as an empty object.
const storedChanges = (changes: ActivityChanges | null | undefined) => JSON.parse(JSON.stringify(changes ?? {}));

/** The personal words in one canonical text: what their digest covers and verify searches for a label. */
export function canonicalWords(row: PersonalWords): string {
  return canonicalJson({ actorName: row.actorName, summary: row.summary, changes: storedChanges(row.changes) });
}

/** sha256 of the personal words; the chain covers this digest, not the words themselves. */
export const wordsDigest = (row: PersonalWords) => sha256Hex(canonicalWords(row));

function chainedForm(row: ChainedFields, digest: string): string {
  return canonicalJson({
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorRole: row.actorRole,
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
    action: row.action,
    objectKind: row.objectKind,
    objectId: row.objectId,
    propertyId: row.propertyId,
    wordsDigest: digest,
  });
}

/** hash = sha256(prev_hash || canonical non-personal fields with the words' digest). */
export function chainHash(prevHash: string, row: ChainedFields, digest: string): string {
  return sha256Hex(prevHash + chainedForm(row, digest));
}

/**
 * The hash of entries written before migration 0036 (no words digest): it covered the words
 * themselves, so erasing one meant linking every later entry again (docs/decisions/0051).
 */
export function legacyChainHash(prevHash: string, row: ChainedFields): string {
  return sha256Hex(
    prevHash +
      canonicalJson({
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
        changes: storedChanges(row.changes),
      }),
  );
}
