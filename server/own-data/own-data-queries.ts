import type { OwnDataExport } from '@core/api/own-data';
import { MAX_EXPORT_ROWS } from '@core/constants';
import { asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import {
  activity,
  cards,
  deliveryPasses,
  passkeys,
  properties,
  pushSubscriptions,
  qrCodes,
  relayLogs,
  sessions,
  users,
  visitors,
} from '../platform/db/schema';
import { notFound } from '../platform/errors/http-error';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const isoOf = (date: Date) => date.toISOString();

async function profileOf(db: Queryable, userId: string): Promise<OwnDataExport['profile']> {
  const [row] = await db
    .select({ user: users, property: properties })
    .from(users)
    .leftJoin(properties, eq(properties.id, users.propertyId))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const { user, property } = row;
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    role: user.role,
    property: property
      ? { _id: property.id, propertyName: property.propertyName, propertyLocation: property.propertyLocation }
      : null,
    preferences: { email: user.prefEmail, sms: user.prefSms, push: user.prefPush },
    securePinSet: user.securePinHmac !== null,
    authenticatorApp: user.totpSecretSealed !== null,
    suspended: user.suspended,
    suspendedReason: user.suspendedReason,
    accessFrom: user.accessFrom,
    accessUntil: user.accessUntil,
    createdAt: isoOf(user.createdAt),
  };
}

async function credentialsOf(db: Queryable, userId: string) {
  const sessionRows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt));
  const passkeyRows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  const pushRows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const cardRows = await db.select().from(cards).where(eq(cards.userId, userId)).orderBy(asc(cards.createdAt));
  return {
    sessions: sessionRows.map((row) => ({
      _id: row.id,
      label: row.label,
      address: row.address,
      createdAt: isoOf(row.createdAt),
      lastSeenAt: isoOf(row.lastSeenAt),
      expiresAt: isoOf(row.expiresAt),
      endedAt: iso(row.endedAt),
    })),
    passkeys: passkeyRows.map((row) => ({
      _id: row.id,
      name: row.name,
      transports: row.transports,
      createdAt: isoOf(row.createdAt),
      lastUsedAt: iso(row.lastUsedAt),
    })),
    pushSubscriptions: pushRows.map((row) => ({
      _id: row.id,
      label: row.label,
      createdAt: isoOf(row.createdAt),
      lastSuccessAt: iso(row.lastSuccessAt),
    })),
    cards: cardRows.map((row) => ({
      _id: row.id,
      hint: row.hint,
      label: row.label,
      enabled: row.enabled,
      lastUsedAt: iso(row.lastUsedAt),
      createdAt: isoOf(row.createdAt),
    })),
  };
}

async function passesOf(db: Queryable, userId: string) {
  const visitorRows = await db
    .select()
    .from(visitors)
    .where(eq(visitors.createdBy, userId))
    .orderBy(asc(visitors.createdAt));
  const codeRows = await db.select().from(qrCodes).where(eq(qrCodes.createdBy, userId)).orderBy(asc(qrCodes.createdAt));
  const deliveryRows = await db
    .select()
    .from(deliveryPasses)
    .where(eq(deliveryPasses.createdBy, userId))
    .orderBy(asc(deliveryPasses.createdAt));
  return {
    visitors: visitorRows.map((visitor) => ({
      _id: visitor.id,
      firstName: visitor.firstName,
      lastName: visitor.lastName,
      email: visitor.email,
      phoneNumber: visitor.phoneNumber,
      createdAt: isoOf(visitor.createdAt),
      passes: codeRows
        .filter((code) => code.visitorId === visitor.id)
        .map((code) => ({
          _id: code.id,
          qrType: code.qrType,
          startDate: isoOf(code.startDate),
          endDate: iso(code.endDate),
          lifetimeValidity: code.lifetimeValidity,
          recurringDays: code.recurringDays,
          multipleDays: code.multipleDays,
          qrNotification: code.qrNotification,
          gateIds: code.gateIds,
          createdAt: isoOf(code.createdAt),
        })),
    })),
    deliveryPasses: deliveryRows.map((pass) => ({
      _id: pass.id,
      name: pass.name,
      company: pass.company,
      startsAt: isoOf(pass.startsAt),
      endsAt: isoOf(pass.endsAt),
      usesAllowed: pass.usesAllowed,
      usesTaken: pass.usesTaken,
      notify: pass.notify,
      cancelledAt: iso(pass.cancelledAt),
      createdAt: isoOf(pass.createdAt),
    })),
  };
}

/** The newest MAX_EXPORT_ROWS of a list read newest first with one more, oldest first again. */
function newestOldestFirst<T>(rows: T[]): { rows: T[]; cut: boolean } {
  return { rows: rows.slice(0, MAX_EXPORT_ROWS).reverse(), cut: rows.length > MAX_EXPORT_ROWS };
}

async function gateEventsOf(db: Queryable, userId: string) {
  const read = await db
    .select()
    .from(relayLogs)
    .where(or(eq(relayLogs.actorUserId, userId), eq(relayLogs.creatorUserId, userId)))
    .orderBy(desc(relayLogs.timestamp))
    .limit(MAX_EXPORT_ROWS + 1);
  const { rows, cut } = newestOldestFirst(read);
  return {
    cut,
    gateEvents: rows.map((row) => ({
      _id: row.id,
      at: isoOf(row.timestamp),
      by: row.actorUserId === userId ? 'you' : 'your pass',
      status: row.status,
      reason: row.reason,
      credential: row.credential,
      gate: row.deviceDetails?.deviceName ?? null,
      property: row.propertyDetails?.propertyName ?? null,
      visitor: row.visitorDetails
        ? { firstName: row.visitorDetails.firstName, lastName: row.visitorDetails.lastName }
        : null,
    })) satisfies OwnDataExport['gateEvents'],
  };
}

/**
 * Trail entries by them, about them or about what they own. Another person's address and
 * browser are that person's data: an entry by someone else comes without them.
 */
async function trailOf(db: Queryable, userId: string, owned: string[]) {
  const read = await db
    .select()
    .from(activity)
    .where(
      or(
        eq(activity.actorId, userId),
        eq(activity.objectId, userId),
        owned.length ? inArray(activity.objectId, owned) : undefined,
      ),
    )
    .orderBy(desc(activity.at), desc(activity.seq))
    .limit(MAX_EXPORT_ROWS + 1);
  const { rows, cut } = newestOldestFirst(read);
  return {
    cut,
    activity: rows.map((row) => ({
      _id: row.id,
      at: isoOf(row.at),
      actor: { role: row.actorRole, name: row.actorName },
      action: row.action,
      summary: row.summary,
      object: { kind: row.objectKind, _id: row.objectId },
      changes: row.changes,
      ...(row.actorId === userId ? { ip: row.ip, userAgent: row.userAgent } : {}),
    })) satisfies OwnDataExport['activity'],
  };
}

/** Everything Gatehouse holds about one person, without secrets (issue 30 part 5). */
export async function ownDataOf(db: Queryable, userId: string, now: Date): Promise<OwnDataExport> {
  // One after another: the export reads in a transaction, one connection running one query at a time.
  const profile = await profileOf(db, userId);
  const credentials = await credentialsOf(db, userId);
  const passes = await passesOf(db, userId);
  const events = await gateEventsOf(db, userId);
  const owned = [
    ...credentials.cards.map((card) => card._id),
    ...passes.visitors.flatMap((visitor) => [visitor._id, ...visitor.passes.map((pass) => pass._id)]),
    ...passes.deliveryPasses.map((pass) => pass._id),
  ];
  const trail = await trailOf(db, userId, owned);
  return {
    exportedAt: now.toISOString(),
    ...(events.cut || trail.cut
      ? { olderEntriesLeftOut: `Only the newest ${MAX_EXPORT_ROWS} gate events and trail entries are in this file.` }
      : {}),
    profile,
    ...credentials,
    ...passes,
    gateEvents: events.gateEvents,
    activity: trail.activity,
  };
}
