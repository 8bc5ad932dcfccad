import {
  type RegisterVisitorBody,
  type RegisterVisitorResponse,
  requestFieldOf,
  windowInputOf,
} from '@core/api/visitors';

import { formatWall } from '@core/time/zoned-time';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { windowEndedError } from '@core/visitor-form/visitor-window';
import { and, eq, sql } from 'drizzle-orm';
import type { Caller } from '../authorization/caller';
import { randomToken, sha256Hex } from '../platform/crypto/keys';
import type { Queryable } from '../platform/db/connect';
import type { PlatformDeps } from '../platform/deps';
import { badRequest, notFound } from '../platform/errors/http-error';
import { emitEvent } from '../platform/events/domain-events';
import { findProperty } from '../property-records/property-queries';
import { passGatesOf } from '../property-rules/pass-gates';
import { enqueuePassLinkSms } from './pass-link-sms-jobs';
import { enqueueQrCodeEmails } from './qr-code-email-jobs';
import type { QrCodeRow, VisitorRow } from './qr-code-queries';
import { registrationWindow } from './stored-window';
import { newPassLink, passPageUrl } from './visitor-pass-link';
import { qrCodes, visitors } from './visitor-tables';

/** The property a visitor is registered for: a superadmin's choice, otherwise the caller's own. */
function targetPropertyId(caller: Caller, pid: string | null | undefined): string {
  if (caller.role === 'superadmin') {
    if (!pid) throw badRequest(VISITOR_MESSAGES.propertyRequired, 'PID');
    return pid;
  }
  if (!caller.propertyId) throw badRequest(VISITOR_MESSAGES.noOwnProperty, 'PID');
  if (pid && pid !== caller.propertyId) throw notFound('Property not found');
  return caller.propertyId;
}

/** The caller's visitor with this email (one per resident and email), created on first use. */
async function visitorFor(tx: Queryable, caller: Caller, propertyId: string, body: RegisterVisitorBody) {
  const [existing] = await tx
    .select()
    .from(visitors)
    .where(and(eq(visitors.createdBy, caller.userId), eq(sql`lower(${visitors.email})`, body.email)))
    .limit(1);
  const phoneNumber = body.phoneNumber ?? null;
  if (existing) {
    if (!phoneNumber || phoneNumber === existing.phoneNumber) return existing;
    const [updated] = await tx.update(visitors).set({ phoneNumber }).where(eq(visitors.id, existing.id)).returning();
    return updated;
  }
  const [created] = await tx
    .insert(visitors)
    .values({
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phoneNumber,
      propertyId,
      createdBy: caller.userId,
    })
    .returning();
  return created;
}

/**
 * Registers a visitor (or adds a code to the caller's existing visitor with that email), and
 * queues the emails carrying the QR code in the same transaction. The token leaves the server
 * only in those emails; the database keeps its hash (and, until the emails are sent, the token
 * sealed in their jobs).
 */
export async function registerVisitor(
  deps: Pick<PlatformDeps, 'config' | 'db' | 'jobs'>,
  caller: Caller,
  body: RegisterVisitorBody,
  /** Records the registration in its transaction (the activity trail). */
  record: (tx: Queryable, registered: { visitor: VisitorRow; code: QrCodeRow; timeZone: string }) => Promise<unknown>,
): Promise<RegisterVisitorResponse> {
  const property = await findProperty(deps.db, targetPropertyId(caller, body.PID));
  if (!property) throw notFound('Property not found');
  const now = deps.config.now();
  const ended = windowEndedError(windowInputOf(body), formatWall(now, property.timeZone));
  if (ended) throw badRequest(ended.message, requestFieldOf(body.qrType, ended.field));
  const window = registrationWindow(body, property.timeZone, now);
  const gateIds = await passGatesOf(deps.db, caller, property.id, body.gateIds);
  const token = randomToken();
  const passLink = newPassLink(deps.config.secret, token);
  const result = await deps.db.transaction(async (tx) => {
    const visitor = await visitorFor(tx, caller, property.id, body);
    const [code] = await tx
      .insert(qrCodes)
      .values({
        visitorId: visitor.id,
        propertyId: property.id,
        createdBy: caller.userId,
        tokenHash: sha256Hex(token),
        ...passLink.columns,
        qrFirstName: body.firstName,
        qrLastName: body.lastName,
        qrType: body.qrType,
        ...window,
        gateIds,
      })
      .returning();
    await record(tx, { visitor, code, timeZone: property.timeZone });
    const sealed = { qrCodeId: code.id, token, passLink: passLink.linkToken };
    await enqueueQrCodeEmails(deps.jobs, tx, deps.config.secret, sealed);
    if (body.phoneNumber) await enqueuePassLinkSms(deps.jobs, tx, deps.config.secret, sealed);
    await emitEvent(deps.jobs, tx, {
      propertyId: property.id,
      type: 'visitor.created',
      at: now,
      data: {
        visitorId: visitor.id,
        qrCodeId: code.id,
        hostUserId: caller.userId,
        qrType: body.qrType,
        startsAt: code.startDate?.toISOString() ?? null,
        endsAt: code.endDate?.toISOString() ?? null,
      },
    });
    return { visitorId: visitor.id, qrCodeId: code.id };
  });
  void deps.jobs.kick();
  return {
    residentEmail: caller.email,
    residentFirstName: caller.firstName,
    firstName: body.firstName,
    email: body.email,
    _id: result.visitorId,
    qrCodeId: result.qrCodeId,
    // Kept sealed too: the host can share it now, later from Visitor List, or never.
    passLink: passPageUrl(deps.config.appUrl, passLink.linkToken),
  };
}
