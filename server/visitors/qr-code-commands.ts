import type { QrWindowUpdate } from '@core/api/visitors';
import { QR_TYPES, type QrType } from '@core/constants';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Queryable } from '../platform/db/connect';
import { badRequest, notFound } from '../platform/errors/http-error';
import { findQrCode, type QrCodeRow } from './qr-code-queries';
import { editedWindow } from './stored-window';
import { qrCodes } from './visitor-tables';

type FoundCode = NonNullable<Awaited<ReturnType<typeof findQrCode>>>;

/** A code before a change and after it, with its property's name and zone: what the trail records. */
export interface QrCodeChange {
  before: QrCodeRow;
  after: QrCodeRow;
  property: Omit<FoundCode, 'code'>;
}

async function existingCode(db: Queryable, qrId: string, visitorId?: string) {
  const found = await findQrCode(db, qrId);
  if (!found || (visitorId && found.code.visitorId !== visitorId)) throw notFound(VISITOR_MESSAGES.qrNotFound);
  return found;
}

async function changed(db: Queryable, found: FoundCode, change: PgUpdateSetSource<typeof qrCodes>) {
  const [after] = await db.update(qrCodes).set(change).where(eq(qrCodes.id, found.code.id)).returning();
  const { code: before, ...property } = found;
  return { before, after, property } satisfies QrCodeChange;
}

/** Saves a QR editor's change of window; `endMessage` is the editing screen's own text. */
export async function updateQrWindow(
  db: Queryable,
  qrId: string,
  update: QrWindowUpdate & { qrType?: QrType },
  endMessage: string,
  visitorId?: string,
): Promise<QrCodeChange> {
  const found = await existingCode(db, qrId, visitorId);
  const { code, timeZone } = found;
  const window = editedWindow(update, code, timeZone, endMessage);
  const qrType = update.qrType ?? code.qrType;
  if (!QR_TYPES.includes(qrType)) throw badRequest(VISITOR_MESSAGES.unknownDateOption, 'qrType');
  if (qrType === 'weekdays' && !window.recurringDays.length)
    throw badRequest(VISITOR_MESSAGES.noWeekdays, 'recurringDays');
  if (qrType === 'randomDates' && !window.multipleDays.length)
    throw badRequest(VISITOR_MESSAGES.noDatesInWindow, 'endDate');
  return changed(db, found, { ...window, qrType });
}

/** Ends the code now: it moves to Expired and the gate refuses it from this instant. */
export async function expireQrCode(db: Queryable, now: Date, qrId: string): Promise<QrCodeChange> {
  const found = await existingCode(db, qrId);
  // A code that had not started yet ends before it starts: its window closes at now, start included.
  return changed(db, found, {
    startDate: sql`least(${qrCodes.startDate}, ${now.toISOString()}::timestamptz)`,
    endDate: now,
    lifetimeValidity: false,
  });
}

export async function setQrNotification(db: Queryable, qrId: string, visitorId: string, on: boolean) {
  return changed(db, await existingCode(db, qrId, visitorId), { qrNotification: on });
}

export async function deleteQrCode(db: Queryable, qrId: string) {
  const found = await existingCode(db, qrId);
  await db.delete(qrCodes).where(eq(qrCodes.id, qrId));
  return found;
}

export const EDIT_END_MESSAGES = {
  visitorList: VISITOR_MESSAGES.listEndBeforeStart,
  visitorPage: VISITOR_MESSAGES.pageEndNotLater,
} as const;
