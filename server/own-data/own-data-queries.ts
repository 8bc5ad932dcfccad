import { CREDENTIAL_WORDS } from '@core/api/gate-log-cells';
import type { OwnDataExport } from '@core/api/own-data';
import { DEFAULT_TIME_ZONE, MAX_EXPORT_ROWS } from '@core/constants';
import { weeklyHoursWords } from '@core/rules/schedule-words';
import { QR_TYPE_WORDS } from '@core/visitor-form/qr-type-words';
import { findPerson } from '../accounts/account-store';
import { trailOfPerson } from '../activity/activity-queries';
import { sessionHistoryOf } from '../authorization/person-sessions';
import { deliveryPassesMadeBy } from '../delivery/delivery-pass-queries';
import { cardRowsOf } from '../gate-credentials/card-queries';
import { gateEventsOfPerson } from '../gate-log/gate-log-queries';
import { passkeysOf } from '../identity/second-factor/passkeys/passkey-queries';
import { intercomDataOf } from '../intercom/intercom-person-data';
import type { Queryable } from '../platform/db/connect';
import { notFound } from '../platform/errors/http-error';
import { findProperty } from '../property-records/property-queries';
import { groupsOfPersonWithGates } from '../property-rules/access-group-queries';
import { subscriptionRowsOf } from '../push/push-subscriptions';
import { qrCodesMadeBy, visitorsRegisteredBy } from '../visitors/manage-visitor-queries';
import { type MachineTimesOnly, withReadableTimes } from './readable-times';

type Machine = MachineTimesOnly<OwnDataExport>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const isoOf = (date: Date) => date.toISOString();

async function profileOf(db: Queryable, userId: string): Promise<{ profile: Machine['profile']; timeZone: string }> {
  const user = await findPerson(db, userId);
  if (!user) throw notFound();
  const property = user.propertyId ? await findProperty(db, user.propertyId) : null;
  const profile = {
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
  return { profile, timeZone: property?.timeZone ?? DEFAULT_TIME_ZONE };
}

/** The access groups they are in, with the gates each opens (by name) and its weekly hours in words. */
async function accessGroupsOf(db: Queryable, userId: string): Promise<OwnDataExport['accessGroups']> {
  const rows = await groupsOfPersonWithGates(db, userId);
  return rows.map((row) => ({ name: row.name, gates: row.gates, hours: weeklyHoursWords(row.schedule) }));
}

async function credentialsOf(db: Queryable, userId: string) {
  const sessionRows = await sessionHistoryOf(db, userId);
  const passkeyRows = await passkeysOf(db, userId);
  const pushRows = await subscriptionRowsOf(db, userId);
  const cardRows = await cardRowsOf(db, userId);
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
  const visitorRows = await visitorsRegisteredBy(db, userId);
  const codeRows = await qrCodesMadeBy(db, userId);
  const deliveryRows = await deliveryPassesMadeBy(db, userId);
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
          qrTypeWords: QR_TYPE_WORDS[code.qrType],
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
  const read = await gateEventsOfPerson(db, userId, MAX_EXPORT_ROWS + 1);
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
      credentialWords: row.credential ? CREDENTIAL_WORDS[row.credential] : null,
      gate: row.deviceDetails?.deviceName ?? null,
      property: row.propertyDetails?.propertyName ?? null,
      visitor: row.visitorDetails
        ? { firstName: row.visitorDetails.firstName, lastName: row.visitorDetails.lastName }
        : null,
    })) satisfies Machine['gateEvents'],
  };
}

/** Their directory listing and the calls they received, newest MAX_EXPORT_ROWS, oldest first. */
async function intercomOf(db: Queryable, userId: string) {
  const { listing, calls } = await intercomDataOf(db, userId, MAX_EXPORT_ROWS + 1);
  const { rows, cut } = newestOldestFirst(calls);
  return {
    cut,
    intercom: {
      listing,
      calls: rows.map(({ call, hasPhoto }) => ({
        _id: call.id,
        at: isoOf(call.startedAt),
        gate: call.gateName,
        displayName: call.displayName,
        outcome: call.status,
        answeredAt: iso(call.answeredAt),
        endedAt: iso(call.endedAt),
        opened: call.openedLogId !== null,
        openedAt: iso(call.openedAt),
        photoExists: hasPhoto,
      })),
    } satisfies Machine['intercom'],
  };
}

/**
 * Trail entries by them, about them or about what they own. Another person's address and
 * browser are that person's data: an entry by someone else comes without them.
 */
async function trailOf(db: Queryable, userId: string, owned: string[]) {
  const read = await trailOfPerson(db, userId, owned, MAX_EXPORT_ROWS + 1);
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
    })) satisfies Machine['activity'],
  };
}

/** Everything Gatehouse holds about one person, without secrets (issue 30 part 5). */
export async function ownDataOf(db: Queryable, userId: string, now: Date): Promise<OwnDataExport> {
  // One after another: the export reads in a transaction, one connection running one query at a time.
  const { profile, timeZone } = await profileOf(db, userId);
  const accessGroups = await accessGroupsOf(db, userId);
  const credentials = await credentialsOf(db, userId);
  const passes = await passesOf(db, userId);
  const events = await gateEventsOf(db, userId);
  const intercom = await intercomOf(db, userId);
  const owned = [
    ...credentials.cards.map((card) => card._id),
    ...passes.visitors.flatMap((visitor) => [visitor._id, ...visitor.passes.map((pass) => pass._id)]),
    ...passes.deliveryPasses.map((pass) => pass._id),
  ];
  const trail = await trailOf(db, userId, [...owned, ...intercom.intercom.calls.map((call) => call._id)]);
  const machine: Machine = {
    exportedAt: now.toISOString(),
    timeZone,
    ...(events.cut || trail.cut || intercom.cut
      ? {
          olderEntriesLeftOut: `Only the newest ${MAX_EXPORT_ROWS} gate events, intercom calls and trail entries are in this file.`,
        }
      : {}),
    profile,
    accessGroups,
    ...credentials,
    ...passes,
    gateEvents: events.gateEvents,
    intercom: intercom.intercom,
    activity: trail.activity,
  };
  return withReadableTimes<OwnDataExport>(machine, timeZone);
}
