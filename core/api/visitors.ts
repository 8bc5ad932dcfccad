import { z } from 'zod';
import { DEFAULT_WINDOW_START, PERSON_NAME_MAX_LENGTH, QR_TYPES, type QrType, WEEKDAYS } from '../constants';
import { isCalendarDate } from '../time/zoned-time';
import { emailField } from '../validation/email';
import { labelOf, needs } from '../validation/issue-messages';
import { optionalPhone } from '../validation/phone-field';
import { requiredName } from '../validation/visible-text';
import { firstWindowError, type VisitorWindowInput, visitorWindowErrors } from '../visitor-form/visitor-window';
import { idSchema } from './common';
import { passGateIds } from './pass-gates';

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string().regex(TIME_PATTERN, { error: needs('must be a 24-hour time HH:MM, such as 09:00') });
const date = z.string().refine(isCalendarDate, { error: needs('must be a date such as 2025-06-30') });
const optionalDate = z.union([date, z.literal('')]).nullish();
const optionalTime = z.union([time, z.literal('')]).nullish();
const name = (label: string) => requiredName(label, PERSON_NAME_MAX_LENGTH);

export const recurringDayInput = z.object({
  _id: z.string().max(64).optional(),
  day: z.enum(WEEKDAYS, { error: needs('must be a weekday, Monday to Sunday') }),
  startTime: time,
  endTime: time,
});
export const specificDateInput = z.object({
  _id: z.string().max(64).optional(),
  date,
  startTime: time,
  endTime: time,
});

/** Who the visitor is: the top of the Register Visitor form and of its request. */
export const visitorPersonFields = {
  firstName: name('First name'),
  lastName: name('Last name'),
  email: emailField(),
};

/** POST /api/visitor/register (docs/SPEC.md §3 visitor fields plus timezone, PID, UID). */
export const registerVisitorRequest = z
  .strictObject({
    ...visitorPersonFields,
    /** The visitor's mobile ('' or absent: none); the pass link is also sent there by SMS. */
    phoneNumber: optionalPhone.optional(),
    qrType: z.enum(QR_TYPES, { error: needs('must be Between Dates, Recurring Weekdays or Specific Dates') }),
    startDate: optionalDate,
    endDate: optionalDate,
    /** Recurring Weekdays only: the last day the pass works ('yyyy-MM-dd'); absent or empty: no end. */
    lastDay: optionalDate,
    startTime: optionalTime,
    endTime: optionalTime,
    lifetimeValidity: z.boolean().default(false),
    recurringDays: z.array(recurringDayInput).max(7).default([]),
    multipleDays: z.array(specificDateInput).max(366).default([]),
    /** The browser's zone; windows are always read in the property's zone. */
    timezone: z.string().max(64).nullish(),
    PID: z.union([idSchema, z.literal('')]).nullish(),
    UID: z.string().max(64).nullish(),
    gateIds: passGateIds,
  })
  .superRefine((body, ctx) => {
    if (body.qrType === 'betweenDates' && !body.lifetimeValidity) {
      for (const key of ['startDate', 'endDate'] as const) {
        if (!body[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${labelOf(key)} is required.` });
      }
    }
    const error = firstWindowError(visitorWindowErrors(windowInputOf(body)));
    if (error)
      ctx.addIssue({
        code: 'custom',
        path: requestFieldOf(body.qrType, error.field).split('.'),
        message: error.message,
      });
  });
export type RegisterVisitorRequest = z.input<typeof registerVisitorRequest>;

/** The form keeps a weekday pass's last day as its end date; the request names it lastDay. */
export const requestFieldOf = (qrType: QrType, field: string) =>
  qrType === 'weekdays' && field === 'endDate' ? 'lastDay' : field;

/** The window part of a registration, as the form holds it (missing times read as 00:00). */
export function windowInputOf(body: {
  qrType: QrType;
  startDate?: string | null;
  startTime?: string | null;
  endDate?: string | null;
  lastDay?: string | null;
  endTime?: string | null;
  lifetimeValidity: boolean;
  recurringDays: VisitorWindowInput['recurringDays'];
  multipleDays: VisitorWindowInput['multipleDays'];
}): VisitorWindowInput {
  return {
    qrType: body.qrType,
    startDate: body.startDate ?? '',
    startTime: body.startTime || DEFAULT_WINDOW_START,
    endDate: (body.qrType === 'weekdays' ? body.lastDay : body.endDate) ?? '',
    endTime: body.endTime || DEFAULT_WINDOW_START,
    lifetimeValidity: body.lifetimeValidity,
    recurringDays: body.recurringDays,
    multipleDays: body.multipleDays,
  };
}
export type RegisterVisitorBody = z.output<typeof registerVisitorRequest>;

export const registerVisitorResponse = z.object({
  residentEmail: z.string(),
  residentFirstName: z.string(),
  firstName: z.string(),
  email: z.string(),
  _id: z.string(),
  qrCodeId: z.string(),
  /** The visitor's pass page, for the host to share (kept sealed; its owner reads it again on Visitor List). */
  passLink: z.string(),
});
export type RegisterVisitorResponse = z.infer<typeof registerVisitorResponse>;

const windowRow = { _id: z.string(), startTime: z.string(), endTime: z.string() };
export const qrCodeSchema = z.object({
  _id: z.string(),
  visitorId: z.string(),
  qrFirstName: z.string(),
  qrLastName: z.string(),
  qrType: z.enum(QR_TYPES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  lifetimeValidity: z.boolean(),
  recurringDays: z.array(z.object({ ...windowRow, day: z.enum(WEEKDAYS) })),
  multipleDays: z.array(z.object({ ...windowRow, date: z.string() })),
  qrNotification: z.boolean(),
  createdAt: z.string(),
  propertyName: z.string(),
  /** The property's IANA zone: every date and time of the code is read there. */
  timeZone: z.string(),
  active: z.boolean(),
});
export type QrCodeDto = z.infer<typeof qrCodeSchema>;

export const visitorWithCodesSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  qrCodes: z.array(qrCodeSchema),
});
export type VisitorWithCodes = z.infer<typeof visitorWithCodesSchema>;

export const visitorsQrResponse = z.object({ visitors: z.array(visitorWithCodesSchema) });

/** A visitor whose every code has ended: shown under Past visitors, to be invited again. */
export const pastVisitorSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  /** When their last code ended (ISO instant). */
  lastEndedAt: z.string(),
});
export type PastVisitor = z.infer<typeof pastVisitorSchema>;
export const pastVisitorsResponse = z.object({ visitors: z.array(pastVisitorSchema) });

export const visitorIdParams = z.strictObject({ visitorId: idSchema });
export const qrIdParams = z.strictObject({ qrId: idSchema });

export const qrNotificationRequest = z.strictObject({ _id: idSchema, qrNotification: z.boolean() });

/** Dates are ISO instants, or wall times ('yyyy-MM-dd HH:mm') read in the property's zone. */
const dateTimeText = z.string().trim().min(1).max(40);
const windowUpdate = {
  startDate: dateTimeText,
  endDate: dateTimeText.nullish(),
  lifetimeValidity: z.boolean().default(false),
  recurringDays: z.array(recurringDayInput).max(7).optional(),
  multipleDays: z.array(specificDateInput).max(366).optional(),
};
/** PUT /api/visitor/visitors-qr/{visitorId}/update-qrcodes (Visitor List). */
export const updateQrCodesRequest = z.strictObject({
  _id: idSchema,
  qrType: z.enum(QR_TYPES).optional(),
  ...windowUpdate,
});
/** PUT /api/visitor/{qrId}/qr-codes (per-visitor page). */
export const updateQrCodeRequest = z.strictObject(windowUpdate);
export type QrWindowUpdate = z.infer<typeof updateQrCodeRequest>;

/** GET /api/visitor/qr-codes/{qrId}/pass-link: what Visitor List offers to share a pass again. */
export const visitorPassLinkResponse = z.object({
  /** The pass page's address; null for a pass made before links were kept. */
  link: z.string().nullable(),
  /** The visitor's email, where Resend sends the pass. */
  email: z.string(),
  /** The first name of the resident who made the pass, for the sentence shared with the link. */
  hostFirstName: z.string(),
  /** Whether the pass's email can be written again (a pass that works and whose QR is kept sealed). */
  canResend: z.boolean(),
});
export type VisitorPassLink = z.infer<typeof visitorPassLinkResponse>;

export const expireQrCodeRequest = z.strictObject({ qrCodeId: idSchema });

export const qrCodeResponse = z.object({ message: z.string(), qrCode: qrCodeSchema });
export const visitorQrCodesResponse = z.object({
  visitor: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  qrCodes: z.array(qrCodeSchema),
});
export type VisitorQrCodesResponse = z.infer<typeof visitorQrCodesResponse>;
