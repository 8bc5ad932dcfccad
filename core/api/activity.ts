import { z } from 'zod';
import { ACTIVITY_ACTION_CODES, ACTIVITY_KINDS } from '../activity/activity-actions';
import { ACTIVITY_MESSAGES } from '../activity/activity-messages';
import { SEARCH_MAX_LENGTH } from '../constants';
import { isCalendarDate } from '../time/zoned-time';
import { needs } from '../validation/issue-messages';
import { idSchema, pageQuery } from './common';

const instant = z.iso.datetime({ offset: true, error: needs('must be a moment such as 2026-06-30T00:00:00Z') });
const calendarDate = z.string().refine(isCalendarDate, { error: needs('must be a date such as 2026-06-30') });

const filterShape = {
  propertyId: idSchema.optional(),
  actorId: idSchema.optional(),
  objectId: idSchema.optional(),
  /** The action's kind ('card', 'person', ...): every action on that kind of object. */
  kind: z.enum(ACTIVITY_KINDS as [string, ...string[]], { error: needs('must be one of the listed kinds') }).optional(),
  /** One action ('card.enrol'). */
  action: z
    .enum(ACTIVITY_ACTION_CODES as [string, ...string[]], { error: needs('must be one of the listed actions') })
    .optional(),
  /** The kind of object acted on ('card', 'pass', 'visitor', 'person'). */
  objectKind: z
    .string()
    .regex(/^[a-z][a-z-]{0,39}$/, { error: needs('must be a kind of object such as card or pass') })
    .optional(),
  from: instant.optional(),
  to: instant.optional(),
  /** Whole days in the property's time zone (UTC across every property), first and last included. */
  fromDate: calendarDate.optional(),
  toDate: calendarDate.optional(),
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
};
const inOrder = {
  check: (q: { from?: string; to?: string }) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to),
  params: { path: ['to'], error: ACTIVITY_MESSAGES.datesOutOfOrder },
};
const daysInOrder = {
  check: (q: { fromDate?: string; toDate?: string }) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate,
  params: { path: ['toDate'], error: ACTIVITY_MESSAGES.datesOutOfOrder },
};

/** The trail's filter, shared by the list, the CSV export and the screen. */
export const activityFilterQuery = z
  .strictObject(filterShape)
  .refine(inOrder.check, inOrder.params)
  .refine(daysInOrder.check, daysInOrder.params);
export type ActivityFilter = z.infer<typeof activityFilterQuery>;

export const activityListQuery = z
  .strictObject({ ...filterShape, ...pageQuery })
  .refine(inOrder.check, inOrder.params)
  .refine(daysInOrder.check, daysInOrder.params);

/** The people who acted in the reader's scope, for the screen's "person acting" filter. */
export const activityActorsQuery = z.strictObject({ propertyId: idSchema.optional() });
export const activityActorsResponse = z.object({
  actors: z.array(z.object({ _id: z.string(), name: z.string(), role: z.string() })),
});
export type ActivityActorDto = z.infer<typeof activityActorsResponse>['actors'][number];

export const activityChangesSchema = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }));
export type ActivityChangesDto = z.infer<typeof activityChangesSchema>;

export const activityEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.object({ _id: z.string().nullable(), role: z.string(), name: z.string() }),
  action: z.string(),
  summary: z.string(),
  object: z.object({ kind: z.string(), _id: z.string().nullable(), propertyId: z.string().nullable() }),
  changes: activityChangesSchema,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type ActivityEntryDto = z.infer<typeof activityEntrySchema>;

export const activityListResponse = z.object({
  entries: z.array(activityEntrySchema),
  pagination: z.object({ totalItems: z.number(), totalPages: z.number(), currentPage: z.number() }),
});
