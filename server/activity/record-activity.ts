import crypto from 'node:crypto';
import type { ActivityAction } from '@core/activity/activity-actions';
import { ACTIVITY_MESSAGES } from '@core/activity/activity-messages';
import type { Role } from '@core/roles';
import { desc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../platform/db/connect';
import { anchorChain, headHolds, inChain, lockChain, signHead } from './activity-anchor';
import { type ChainedFields, chainHash, GENESIS_HASH, wordsDigest } from './activity-chain';
import type { ActivityChanges } from './activity-changes';
import { declaredActionOf } from './activity-declaration';
import { activity } from './activity-tables';
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

const USER_AGENT_MAX = 300;

function actorOf(request: FastifyRequest, entry: ActivityEntry): ActivityActor {
  if (entry.actor) return entry.actor;
  const caller = request.caller;
  if (!caller) throw new Error(`${request.method} ${request.routeOptions.url} records activity without a caller`);
  // What a key does is the key's, under its own name (docs/decisions/0090).
  if (caller.apiKey)
    return { id: caller.apiKey.id, role: caller.role, name: ACTIVITY_MESSAGES.apiKeyActor(caller.apiKey.name) };
  return { id: caller.userId, role: caller.role, name: personName(caller) };
}

/**
 * Appends one entry to its property's chain, in `tx` (a transaction, never the bare pool: the
 * chain's lock lasts until the transaction ends): the transaction of the change it records,
 * so the change and its record commit or roll back together. Takes the chain's lock until that
 * transaction ends, so two changes at one property link one after the other. The entry links to
 * the chain's signed head and the head is signed again over it (docs/decisions/0069); a head that
 * does not hold is left as it is, for audit:verify to name, and the entry links to the newest row.
 */
async function appendEntry(tx: Queryable, secret: Buffer, fields: Omit<ChainedFields, 'id'>) {
  await lockChain(tx, fields.propertyId);
  const head = await anchorChain(tx, secret, fields.propertyId);
  const signed = head && headHolds(secret, head) ? head : null;
  const prevHash = signed?.hash ?? (head ? await newestHash(tx, fields.propertyId) : GENESIS_HASH);
  const row: ChainedFields = { id: crypto.randomUUID(), ...fields, changes: withoutSecrets(fields.changes) };
  const digest = wordsDigest(row);
  const hash = chainHash(prevHash, row, digest);
  const [{ seq }] = await tx
    .insert(activity)
    .values({ ...row, prevHash, hash, wordsDigest: digest })
    .returning({ seq: activity.seq });
  if (signed || !head)
    await signHead(tx, secret, fields.propertyId, { seq, hash, firstPrevHash: signed?.firstPrevHash ?? prevHash });
  return row.id;
}

async function newestHash(tx: Queryable, propertyId: string | null) {
  const [last] = await tx
    .select({ hash: activity.hash })
    .from(activity)
    .where(inChain(propertyId))
    .orderBy(desc(activity.seq))
    .limit(1);
  return last?.hash ?? GENESIS_HASH;
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
  return recordRequestEntry(tx, request, declaredActionOf(request, entry.action), entry);
}

/**
 * Records that an API key was used, on whichever route it called (none declares this action: any
 * key-accepting route records it, before its own work).
 */
export function recordApiKeyUse(tx: Queryable, request: FastifyRequest, entry: Omit<ActivityEntry, 'action'>) {
  return recordRequestEntry(tx, request, 'api-key.use', entry);
}

function recordRequestEntry(tx: Queryable, request: FastifyRequest, action: ActivityAction, entry: ActivityEntry) {
  const actor = actorOf(request, entry);
  const userAgent = request.headers['user-agent'];
  return appendEntry(tx, request.server.config.secret, {
    at: request.server.config.now(),
    ...actorFields(actor),
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
    requestId: String(request.id),
    action,
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
  secret: Buffer,
  at: Date,
  entry: Required<Pick<ActivityEntry, 'action' | 'summary' | 'object'>> & Pick<ActivityEntry, 'changes'>,
): Promise<string> {
  return appendEntry(tx, secret, {
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
