import type { Queryable } from '../db/connect';
import { type PersonDetails, type RelayOperation, relayLogs } from '../db/schema';

export interface RelayLogEntry {
  timestamp: Date;
  callerType: 'user' | 'visitor';
  status: 'success' | 'failed' | 'partial';
  reason?: string | null;
  propertyId: string | null;
  deviceId: string | null;
  actorUserId?: string | null;
  creatorUserId?: string | null;
  userDetails?: PersonDetails | null;
  visitorDetails?: Omit<PersonDetails, 'phoneNumber'> | null;
  qrCodeDetails?: { qrFirstName: string; qrLastName: string } | null;
  creatorDetails?: PersonDetails | null;
  deviceDetails?: { deviceName: string; deviceType: string } | null;
  propertyDetails?: { propertyName: string; propertyLocation: string } | null;
  relayOperations?: RelayOperation[];
  totalDurationMs?: number;
}

/** Longest search text kept: the time and property-time indexes carry it, and a btree entry is bounded. */
export const SEARCH_TEXT_MAX = 600;

/** Lowercased names, emails, phones and QR names of everyone an entry mentions, for the log search. */
export function searchTextOf(entry: RelayLogEntry): string {
  const people = [entry.userDetails, entry.visitorDetails, entry.creatorDetails];
  const parts = people.flatMap((p) => (p ? [p.firstName, p.lastName, p.email, (p as PersonDetails).phoneNumber] : []));
  if (entry.qrCodeDetails) parts.push(entry.qrCodeDetails.qrFirstName, entry.qrCodeDetails.qrLastName);
  return parts
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .toLowerCase()
    .slice(0, SEARCH_TEXT_MAX);
}

/** Writes one gate attempt with snapshots of who and what it involved; returns its id. */
export async function writeRelayLog(db: Queryable, entry: RelayLogEntry): Promise<string> {
  const [row] = await db
    .insert(relayLogs)
    .values({
      ...entry,
      relayOperations: entry.relayOperations ?? [],
      totalDurationMs: Math.round(entry.totalDurationMs ?? 0),
      searchText: searchTextOf(entry),
    })
    .returning({ id: relayLogs.id });
  return row.id;
}
