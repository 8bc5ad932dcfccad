// Bulk User Creation texts (docs/SPEC.md §5, §8). Keep them exact.
import { BULK_CSV_MAX_BYTES, readableSize } from '../limits/request-size';
import { counted } from '../words/counted';

export const BULK_MESSAGES = {
  invalidEmail: 'Invalid email address.',
  phone: 'Phone number must be exactly 10 digits.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  roleRequired: 'Role is required.',
  roleNotAllowed: 'Role must be resident or property manager.',
  propertyRequired: 'Property is required.',
  propertyNotFound: 'Property not found.',
  emailTaken: 'A user with this email already exists.',
  duplicateInFile: 'This email appears more than once in the upload.',
  totalFailure: 'Upload failed or error occurred',
  success: 'Bulk upload completed successfully',
  // SPEC: 'Bulk upload completed with <n> successful uploads and <m> failed uploads', singular for one.
  partial: (successful: number, failed: number) =>
    `Bulk upload completed with ${counted(successful, 'successful upload', 'successful uploads')} and ${counted(failed, 'failed upload', 'failed uploads')}`,
  // SPEC: '<count> users failed to upload', singular for one.
  failedCount: (count: number) => `${counted(count, 'user', 'users')} failed to upload`,
  creating: 'Creating Users...',
  summary: (rows: number, withErrors: number) => `${counted(rows, 'row', 'rows')}, ${withErrors} with errors`,
  createNeedsRows: 'Create Users is available once the table has at least one user.',
  createNeedsFixes: (withErrors: number) =>
    `Create Users is available once ${withErrors === 1 ? 'the row' : `all ${withErrors} rows`} with errors ${withErrors === 1 ? 'is' : 'are'} fixed or removed.`,
  fileTooLarge: (name: string, bytes: number) =>
    `“${name}” is ${readableSize(bytes)}, and a CSV file can be at most ${readableSize(BULK_CSV_MAX_BYTES)}. Split it into smaller files and upload them one at a time.`,
} as const;
