import type { QrCodeDto, QrWindowUpdate } from '@core/api/visitors';
import { QR_TYPES, type QrType } from '@core/constants';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { qrCodes } from '../platform/db/schema';
import { badRequest, notFound } from '../platform/errors/http-error';
import { findQrCode, toQrCodeDto } from './qr-code-queries';
import { editedWindow } from './stored-window';

async function existingCode(db: Queryable, qrId: string, visitorId?: string) {
  const found = await findQrCode(db, qrId);
  if (!found || (visitorId && found.code.visitorId !== visitorId)) throw notFound(VISITOR_MESSAGES.qrNotFound);
  return found;
}

async function saved(db: Queryable, qrId: string, now: Date): Promise<QrCodeDto> {
  const found = await existingCode(db, qrId);
  return toQrCodeDto(found.code, found, now);
}

/** Saves a QR editor's change of window; `endMessage` is the editing screen's own text. */
export async function updateQrWindow(
  db: Queryable,
  now: Date,
  qrId: string,
  update: QrWindowUpdate & { qrType?: QrType },
  endMessage: string,
  visitorId?: string,
): Promise<QrCodeDto> {
  const { code, timeZone } = await existingCode(db, qrId, visitorId);
  const window = editedWindow(update, code, timeZone, endMessage);
  const qrType = update.qrType ?? code.qrType;
  if (!QR_TYPES.includes(qrType)) throw badRequest(VISITOR_MESSAGES.unknownDateOption, 'qrType');
  if (qrType === 'weekdays' && !window.recurringDays.length)
    throw badRequest(VISITOR_MESSAGES.noWeekdays, 'recurringDays');
  if (qrType === 'randomDates' && !window.multipleDays.length)
    throw badRequest(VISITOR_MESSAGES.noDatesInWindow, 'endDate');
  await db
    .update(qrCodes)
    .set({ ...window, qrType })
    .where(eq(qrCodes.id, qrId));
  return saved(db, qrId, now);
}

/** Ends the code now: it moves to Expired and the gate refuses it from this instant. */
export async function expireQrCode(db: Queryable, now: Date, qrId: string): Promise<QrCodeDto> {
  await existingCode(db, qrId);
  // A code that had not started yet ends before it starts: its window closes at now, start included.
  await db
    .update(qrCodes)
    .set({
      startDate: sql`least(${qrCodes.startDate}, ${now.toISOString()}::timestamptz)`,
      endDate: now,
      lifetimeValidity: false,
    })
    .where(eq(qrCodes.id, qrId));
  return saved(db, qrId, now);
}

export async function setQrNotification(db: Queryable, now: Date, qrId: string, visitorId: string, on: boolean) {
  await existingCode(db, qrId, visitorId);
  await db.update(qrCodes).set({ qrNotification: on }).where(eq(qrCodes.id, qrId));
  return saved(db, qrId, now);
}

export async function deleteQrCode(db: Queryable, qrId: string) {
  await existingCode(db, qrId);
  await db.delete(qrCodes).where(eq(qrCodes.id, qrId));
}

export const EDIT_END_MESSAGES = {
  visitorList: VISITOR_MESSAGES.listEndBeforeStart,
  visitorPage: VISITOR_MESSAGES.pageEndNotLater,
} as const;
