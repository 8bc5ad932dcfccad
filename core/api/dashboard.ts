import { z } from 'zod';
import { LIST_PAGE_SIZE, MAX_PAGE_SIZE, PERSON_NAME_MAX_LENGTH, SEARCH_MAX_LENGTH } from '../constants';
import { MESSAGES } from '../messages';
import { ROLES } from '../roles';
import { emailField } from '../validation/email';
import { needs } from '../validation/issue-messages';
import { isTenDigits } from '../validation/phone';
import { requiredName } from '../validation/visible-text';
import { profileSchema } from './accounts';
import { idSchema } from './common';
import { DASHBOARD_MESSAGES } from './dashboard-messages';
import { accessDateField, accessDatesInOrder, SUSPENSION_MESSAGES } from './suspension';

export { DASHBOARD_MESSAGES };

/**
 * Where a page of a newest-first list starts: the creation time (UTC, microseconds) and id of the
 * last row of the page before it, as pagination.nextCursor gave them.
 */
export const LIST_CURSOR =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z~[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * GET /api/{resident|visitor}/get-all: search, property, role, page, limit (capped), and the
 * cursor of the page before (keyset): page then only numbers the page, the cursor places it.
 */
export const listQuery = z.strictObject({
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  property: z.union([idSchema, z.literal('')]).optional(),
  role: z.union([z.enum(ROLES), z.literal('')]).optional(),
  /** 'suspended': only people whose access is paused. */
  status: z.union([z.literal('suspended'), z.literal('')]).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
  cursor: z.string().regex(LIST_CURSOR, DASHBOARD_MESSAGES.badCursor).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const paginationSchema = z.object({
  totalItems: z.number(),
  totalPages: z.number(),
  /** False when totalItems was estimated (a broad search over many rows): shown as "about N". */
  totalExact: z.boolean(),
  /** The cursor of the next page (send it with page + 1); null on the last page. */
  nextCursor: z.string().nullable(),
});
export type Pagination = z.infer<typeof paginationSchema>;

const propertySummary = z.object({
  _id: z.string(),
  propertyName: z.string(),
  propertyLocation: z.string(),
  /** The property's zone: its calendar says whether a person's access dates have come or passed. */
  timeZone: z.string(),
});

export const managedUserSchema = profileSchema
  .pick({ _id: true, firstName: true, lastName: true, email: true, phoneNumber: true, role: true, propertyId: true })
  .extend({
    /** Whether a secure PIN is assigned; the PIN itself only comes on Reveal (GET /api/resident/:userId/pin). */
    hasSecurePin: z.boolean(),
    /** Null when the user has a property id that no longer resolves ('Property Not Found'). */
    property: propertySummary.nullable(),
    visitorEmails: z.array(z.string()),
    visitorsCreated: z.number(),
    suspended: z.boolean(),
    suspendedReason: z.string().nullable(),
    /** The first and last day (YYYY-MM-DD, the property's calendar) they may use the gates; null: no limit. */
    accessFrom: z.string().nullable(),
    accessUntil: z.string().nullable(),
    /** Names of the access groups a resident is in; empty: they open no gate ("No access group"). */
    accessGroups: z.array(z.string()),
  });
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const userListResponse = z.object({ users: z.array(managedUserSchema), pagination: paginationSchema });
export type UserListResponse = z.infer<typeof userListResponse>;

export const managedVisitorSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  propertyId: z.string(),
  propertyName: z.string().nullable(),
  residentEmail: z.string().nullable(),
  qrCodeCount: z.number(),
});
export type ManagedVisitor = z.infer<typeof managedVisitorSchema>;

export const visitorListResponse = z.object({ visitors: z.array(managedVisitorSchema), pagination: paginationSchema });
export type VisitorListResponse = z.infer<typeof visitorListResponse>;

const nameField = (label: string) => requiredName(label, PERSON_NAME_MAX_LENGTH);

/** Phone in the edit-user dialog: empty, or 10 digits (with or without the +1 prefix). */
export const editPhoneField = z
  .string()
  .trim()
  .max(20, MESSAGES.tooLong('Phone number', 20))
  .refine((value) => value === '' || isTenDigits(value.replace(/^\+1/, '')), MESSAGES.phoneEditUser)
  .nullable()
  .optional();

export const updateUserRequest = z
  .strictObject({
    _id: idSchema,
    firstName: nameField('First name'),
    lastName: nameField('Last name'),
    email: emailField(MESSAGES.invalidEmailEditUser),
    phoneNumber: editPhoneField,
    role: z.enum(ROLES, { error: needs('must be resident, admin or superadmin') }).optional(),
    propertyId: z
      .union([idSchema, z.literal('')])
      .nullable()
      .optional(),
    accessFrom: accessDateField,
    accessUntil: accessDateField,
  })
  .refine(accessDatesInOrder, { message: SUSPENSION_MESSAGES.accessDatesOrder, path: ['accessUntil'] });
export type UpdateUserRequest = z.input<typeof updateUserRequest>;

export const updateVisitorRequest = z.strictObject({
  _id: idSchema,
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  email: emailField(MESSAGES.invalidEmail),
});
export type UpdateVisitorRequest = z.input<typeof updateVisitorRequest>;

export const deleteRequest = z.strictObject({ _id: idSchema });
