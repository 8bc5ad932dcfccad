// Bulk User Creation texts (docs/SPEC.md §5, §8). Keep them exact.
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
  partial: (successful: number, failed: number) =>
    `Bulk upload completed with ${successful} successful uploads and ${failed} failed uploads`,
  failedCount: (count: number) => `${count} users failed to upload`,
  creating: 'Creating Users...',
  summary: (rows: number, withErrors: number) => `${rows} ${rows === 1 ? 'row' : 'rows'}, ${withErrors} with errors`,
  createNeedsRows: 'Create Users is available once the table has at least one user.',
  createNeedsFixes: (withErrors: number) =>
    `Create Users is available once ${withErrors === 1 ? 'the row' : `all ${withErrors} rows`} with errors ${withErrors === 1 ? 'is' : 'are'} fixed or removed.`,
} as const;
