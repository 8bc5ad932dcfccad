import crypto from 'node:crypto';
import type { ActivityAction } from '@core/activity/activity-actions';
import { ACTIVITY_MESSAGES } from '@core/activity/activity-messages';
import type { Role } from '@core/roles';
import { desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../platform/db/connect';
import { type ActivityChanges, activity } from '../platform/db/schema';
import { type ChainedFields, chainHash, GENESIS_HASH, wordsDigest } from './activity-chain';
import { declaredActionOf } from './activity-declaration';
import { withoutSecrets } from './secret-fields';

/** Who acted: a signed-in person, or the system (jobs, schedules). */
export type ActivityActor = { id: string; role: Role; name: string } | 'system';

export interface ActivityObject {
  kind: string;
  id: string | null;
  propertyId: string | null;
}

export interface ActivityEntry {
  /** One of the route's declared actions; may be left out when it declares just one. */
  action?: ActivityAction;
  /** In words, naming the object: "Enrolled card 'Blue fob' for Riley Park". */
  summary: string;
  object: ActivityObject;
  changes?: ActivityChanges;
  /** Defaults to the signed-in caller; a sign-in names the person signing in. */
  actor?: ActivityActor;
}

/** Advisory lock class of the per-property chain (beside ADVISORY_LOCKS' single-number keys). */
const CHAIN_LOCK_CLASS = 4_702_003;
const USER_AGENT_MAX = 300;

function actorOf(request: FastifyRequest, entry: ActivityEntry): ActivityActor {
  if (entry.actor) return entry.actor;
  const caller = request.caller;
  if (!caller) throw new Error(`${request.method} ${request.routeOptions.url} records activity without a caller`);
  return { id: caller.userId, role: caller.role, name: personName(caller) };
}

/** Holds a property's chain until `tx` ends: entries link one after the other, and an upgrade links it again whole. */
export async function lockChain(tx: Queryable, propertyId: string | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_CLASS}, hashtext(${propertyId ?? ''}))`);
}

/**
 * Appends one entry to its property's chain, in `tx` (a transaction, never the bare pool: the
 * chain's lock lasts until the transaction ends): the transaction of the change it records,
 * so the change and its record commit or roll back together. Takes the chain's lock until that
 * transaction ends, so two changes at one property link one after the other.
 */
async function appendEntry(tx: Queryable, fields: Omit<ChainedFields, 'id'>) {
  await lockChain(tx, fields.propertyId);
  const [last] = await tx
    .select({ hash: activity.hash })
    .from(activity)
    .where(fields.propertyId ? eq(activity.propertyId, fields.propertyId) : isNull(activity.propertyId))
    .orderBy(desc(activity.seq))
    .limit(1);
  const row: ChainedFields = { id: crypto.randomUUID(), ...fields, changes: withoutSecrets(fields.changes) };
  const prevHash = last?.hash ?? GENESIS_HASH;
  const digest = wordsDigest(row);
  await tx.insert(activity).values({ ...row, prevHash, hash: chainHash(prevHash, row, digest), wordsDigest: digest });
  return row.id;
}

/** The signed-in caller's own account, as the object of what they change about themselves. */
export function ownAccount(request: FastifyRequest): ActivityObject {
  const caller = request.caller;
  if (!caller) throw new Error(`${request.method} ${request.routeOptions.url} names its caller's account without one`);
  return { kind: 'account', id: caller.userId, propertyId: caller.propertyId };
}

/** How the trail names a person: their full name. */
export const personName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/** Records what a request changed, with its caller, address, user agent and request id. */
export function recordActivity(tx: Queryable, request: FastifyRequest, entry: ActivityEntry): Promise<string> {
  const actor = actorOf(request, entry);
  const userAgent = request.headers['user-agent'];
  return appendEntry(tx, {
    at: request.server.config.now(),
    ...actorFields(actor),
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
    requestId: String(request.id),
    action: declaredActionOf(request, entry.action),
    summary: entry.summary,
    objectKind: entry.object.kind,
    objectId: entry.object.id,
    propertyId: entry.object.propertyId,
    changes: entry.changes ?? {},
  });
}

/** Records what a job or schedule changed (no request): the actor is "system". */
export function recordSystemActivity(
  tx: Queryable,
  at: Date,
  entry: Required<Pick<ActivityEntry, 'action' | 'summary' | 'object'>> & Pick<ActivityEntry, 'changes'>,
): Promise<string> {
  return appendEntry(tx, {
    at,
    ...actorFields('system'),
    ip: null,
    userAgent: null,
    requestId: null,
    action: entry.action,
    summary: entry.summary,
    objectKind: entry.object.kind,
    objectId: entry.object.id,
    propertyId: entry.object.propertyId,
    changes: entry.changes ?? {},
  });
}

function actorFields(actor: ActivityActor) {
  if (actor === 'system')
    return { actorId: null, actorRole: ACTIVITY_MESSAGES.systemActor, actorName: ACTIVITY_MESSAGES.systemActor };
  return { actorId: actor.id, actorRole: actor.role, actorName: actor.name };
}
