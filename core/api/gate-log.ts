import { z } from 'zod';
import {
  CALLER_TYPES,
  LOG_PAGE_SIZE,
  LOG_STATUSES,
  MAX_PAGE_SIZE,
  NOTIFICATION_PAGE_SIZE,
  SEARCH_MAX_LENGTH,
} from '../constants';
import { GATE_CREDENTIALS } from '../gate-credentials';
import { LOG_TIME_ZONES } from '../time/log-time-zones';
import { isCalendarDate } from '../time/zoned-time';
import { needs } from '../validation/issue-messages';
import { idSchema, pageQuery } from './common';
import { relayOperationSchema } from './gate-failures';
import { LOG_MESSAGES } from './gate-log-messages';

export { LOG_MESSAGES };

const isoDate = z
  .string()
  .refine(isCalendarDate, { error: needs('must be a date such as 2025-06-30') })
  .optional();

const filterShape = {
  startDate: isoDate,
  endDate: isoDate,
  timezone: z.enum(LOG_TIME_ZONES, { error: needs('must be EST or UTC') }).default('EST'),
  callerType: z.enum(CALLER_TYPES, { error: needs('must be user or visitor') }).optional(),
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
};
const datesInOrder = {
  check: (q: { startDate?: string; endDate?: string }) => !q.startDate || !q.endDate || q.startDate <= q.endDate,
  params: { path: ['endDate'], error: 'End date must not be before start date.' },
};

/** The log filter shared by the list, the CSV export and the screen's state. */
export const logFilterQuery = z.strictObject(filterShape).refine(datesInOrder.check, datesInOrder.params);
export type LogFilter = z.infer<typeof logFilterQuery>;

const pageSize = (size: number) => z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(size);

export const logListQuery = z
  .strictObject({ ...filterShape, page: pageQuery.page, limit: pageSize(LOG_PAGE_SIZE) })
  .refine(datesInOrder.check, datesInOrder.params);

export const propertyLogsParams = z.strictObject({
  propertyId: z.string().min(1, LOG_MESSAGES.propertyRequired).pipe(idSchema),
});

const person = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable().optional(),
});

export const gateLogSchema = z.object({
  _id: z.string(),
  timestamp: z.string(),
  callerType: z.enum(CALLER_TYPES),
  userDetails: person.nullable(),
  visitorDetails: person.omit({ phoneNumber: true }).nullable(),
  qrCodeDetails: z.object({ qrFirstName: z.string(), qrLastName: z.string() }).nullable(),
  creatorDetails: person.nullable(),
  deviceDetails: z.object({ deviceName: z.string(), deviceType: z.string() }).nullable(),
  propertyDetails: z.object({ propertyName: z.string(), propertyLocation: z.string() }).nullable(),
  /** The property the gate belongs to; lets the bell say when an event was at another property. */
  propertyId: z.string().nullable().optional(),
  status: z.enum(LOG_STATUSES),
  reason: z.string().nullable(),
  /** How the gate was asked; null on rows written before it was recorded. */
  credential: z.enum(GATE_CREDENTIALS).nullable().optional(),
  relayOperations: z.array(relayOperationSchema),
  performanceMetrics: z.object({ totalDuration: z.number() }),
});
export type GateLogDto = z.infer<typeof gateLogSchema>;

export const logListResponse = z.object({
  success: z.boolean(),
  logs: z.array(gateLogSchema),
  pagination: z.object({
    totalItems: z.number(),
    totalPages: z.number(),
    currentPage: z.number(),
    /** False when totalItems was estimated from a sample: the screen shows it as "about N". */
    totalExact: z.boolean(),
  }),
  message: z.string(),
});
export type LogListResponse = z.infer<typeof logListResponse>;

export const notificationsParams = z.strictObject({ UID: idSchema });
export const notificationsQuery = z.strictObject({
  page: pageQuery.page,
  limit: pageSize(NOTIFICATION_PAGE_SIZE),
});

export const notificationsResponse = z.object({
  success: z.boolean(),
  logs: z.array(gateLogSchema),
  pagination: z.object({ hasMore: z.boolean() }),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;
