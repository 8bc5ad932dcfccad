import { z } from 'zod';
import { PROPERTY_FEATURES } from '../constants';
import { MESSAGES } from '../messages';
import { needs } from '../validation/issue-messages';
import { requiredName } from '../validation/visible-text';
import { idSchema, pageQuery } from './common';

export const propertySchema = z.object({
  _id: z.string(),
  propertyName: z.string(),
  propertyLocation: z.string(),
  propertyFeatures: z.array(z.enum(PROPERTY_FEATURES)),
  timeZone: z.string(),
  /** Its property managers must set up two-step verification before using the app: they hold every gate. */
  managersNeedSecondFactor: z.boolean(),
  /** Months its gate events are kept (the daily upkeep removes older ones). */
  gateEventRetentionMonths: z.number(),
  /** Months its activity trail is kept; at least a year. */
  activityRetentionMonths: z.number(),
});
export type PropertyDto = z.infer<typeof propertySchema>;

export const propertyByIdQuery = z.strictObject({ propertyId: idSchema });

const requiredField = (label: string) => requiredName(label, 200, MESSAGES.allFieldsRequired);

/** Features a property may choose; 'qr' is always on and added by the server. */
const featuresField = z.array(z.enum(PROPERTY_FEATURES)).max(PROPERTY_FEATURES.length).default([]);

export const registerPropertyBody = z.strictObject({
  propertyName: requiredField('Property name'),
  propertyLocation: requiredField('Property location'),
  propertyFeatures: featuresField,
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, { error: needs('must be an IANA time zone such as America/New_York') })
    .optional(),
});
export type RegisterPropertyBody = z.input<typeof registerPropertyBody>;

/** How long a property keeps its records, in months; the database checks the same ranges. */
export const RETENTION_MONTHS = {
  gateEvents: { min: 1, max: 1200, default: 24 },
  activity: { min: 12, max: 1200, default: 84 },
} as const;

const monthsField = (range: { min: number; max: number }, words: string) =>
  z
    .number({ error: needs(words) })
    .int({ error: needs(words) })
    .min(range.min, { error: needs(words) })
    .max(range.max, { error: needs(words) });

export const updatePropertyBody = registerPropertyBody.extend({
  _id: idSchema,
  managersNeedSecondFactor: z.boolean().optional(),
  gateEventRetentionMonths: monthsField(
    RETENTION_MONTHS.gateEvents,
    'must be a whole number of months from 1 to 1200 (2 years is 24)',
  ).optional(),
  activityRetentionMonths: monthsField(
    RETENTION_MONTHS.activity,
    'must be a whole number of months from 12 (one year, the least) to 1200',
  ).optional(),
});
export type UpdatePropertyBody = z.input<typeof updatePropertyBody>;

export const deleteByIdBody = z.strictObject({ _id: idSchema });

export const propertyListQuery = z.strictObject({
  property: idSchema.optional().or(z.literal('').transform(() => undefined)),
  search: z.string().max(200).optional(),
  page: pageQuery.page,
  limit: pageQuery.limit,
});

export const propertiesResponse = z.object({ properties: z.array(propertySchema) });

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
