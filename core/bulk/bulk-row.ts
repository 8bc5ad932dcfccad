import { EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from '../constants';
import { MESSAGES } from '../messages';
import type { Role } from '../roles';
import { EMAIL_PATTERN } from '../validation/email-text';
import { digitsOnly, isTenDigits } from '../validation/phone';
import { hasHiddenCharacters } from '../validation/visible-text';
import { BULK_MESSAGES } from './bulk-messages';

/** A row of the Bulk User Creation table (docs/SPEC.md §3 Bulk user row). */
export interface BulkRow {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  role: string;
  propertyId: string;
}

export type BulkRowField = keyof BulkRow;
export type BulkRowErrors = Partial<Record<BulkRowField, string>>;

/** Roles a bulk upload may create: residents, and property managers when a superadmin uploads. */
export const BULK_ROLES: readonly Role[] = ['resident', 'admin'];

export function emptyBulkRow(): BulkRow {
  return { firstName: '', lastName: '', email: '', phoneNumber: '', role: 'resident', propertyId: '' };
}

/** 'property manager' (any case) means admin; other roles are lowercased (docs/SPEC.md §5 CSV import). */
export function normalizeBulkRole(value: string): string {
  const role = value.trim().toLowerCase();
  return role === 'property manager' ? 'admin' : role;
}

function nameError(value: string, label: string, required: string): string | null {
  if (!value.trim()) return required;
  if (hasHiddenCharacters(value)) return MESSAGES.hiddenCharacters(label);
  if (value.trim().length > PERSON_NAME_MAX_LENGTH) return MESSAGES.tooLong(label, PERSON_NAME_MAX_LENGTH);
  return null;
}

/**
 * The errors of one row with the exact docs/SPEC.md §5 messages. The uploader's role decides what is
 * needed: an admin's rows are forced to residents of their own property, so need neither.
 */
export function bulkRowErrors(row: BulkRow, uploader: Role): BulkRowErrors {
  const errors: BulkRowErrors = {};
  const firstName = nameError(row.firstName, 'First name', BULK_MESSAGES.firstNameRequired);
  if (firstName) errors.firstName = firstName;
  const lastName = nameError(row.lastName, 'Last name', BULK_MESSAGES.lastNameRequired);
  if (lastName) errors.lastName = lastName;
  if (row.email.trim().length > EMAIL_MAX_LENGTH) errors.email = MESSAGES.tooLong('Email', EMAIL_MAX_LENGTH);
  else if (!EMAIL_PATTERN.test(row.email.trim())) errors.email = BULK_MESSAGES.invalidEmail;
  if (row.phoneNumber.trim() && !isTenDigits(digitsOnly(row.phoneNumber))) errors.phoneNumber = BULK_MESSAGES.phone;
  if (uploader === 'admin') return errors;
  const role = normalizeBulkRole(row.role);
  if (!role) errors.role = BULK_MESSAGES.roleRequired;
  else if (!(BULK_ROLES as readonly string[]).includes(role)) errors.role = BULK_MESSAGES.roleNotAllowed;
  if (!row.propertyId.trim()) errors.propertyId = BULK_MESSAGES.propertyRequired;
  return errors;
}

export function isBulkRowValid(row: BulkRow, uploader: Role): boolean {
  return Object.keys(bulkRowErrors(row, uploader)).length === 0;
}

/** The first error of a row, for the server's per-row report. */
export function firstBulkRowError(row: BulkRow, uploader: Role): string | null {
  return Object.values(bulkRowErrors(row, uploader))[0] ?? null;
}

/**
 * The errors of every row of a table, in order: each row's own, and an email that an earlier row
 * already has ('This email appears more than once in the upload.', as the server would say).
 */
export function bulkTableErrors(rows: readonly BulkRow[], uploader: Role): BulkRowErrors[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const errors = bulkRowErrors(row, uploader);
    const email = row.email.trim().toLowerCase();
    if (!errors.email && email && seen.has(email)) errors.email = BULK_MESSAGES.duplicateInFile;
    seen.add(email);
    return errors;
  });
}

export const hasRowErrors = (errors: BulkRowErrors) => Object.keys(errors).length > 0;
