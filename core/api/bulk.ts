import { z } from 'zod';

export const BULK_MAX_ROWS = 10_000;

const cell = z.string().max(254).nullable().optional();

/** One row as the browser sends it; each row is validated on its own so one bad row fails alone. */
export const bulkUserRow = z.object({
  firstName: cell,
  lastName: cell,
  email: cell,
  phoneNumber: cell,
  role: cell,
  propertyId: cell,
});
export type BulkUserRowInput = z.infer<typeof bulkUserRow>;

export const bulkUploadRequest = z.strictObject({
  users: z
    .array(bulkUserRow)
    .min(1, 'Add at least one user to upload.')
    .max(BULK_MAX_ROWS, `Upload at most ${BULK_MAX_ROWS} users at a time.`),
});

/** A row that failed; `row` is its position in the uploaded list (0 first), emails may repeat. */
export const bulkUploadError = z.object({ row: z.number().int(), email: z.string(), message: z.string() });
export type BulkUploadError = z.infer<typeof bulkUploadError>;

export const bulkUploadResponse = z.object({
  successfulUploads: z.number(),
  failedUploads: z.number(),
  errors: z.array(bulkUploadError),
});
export type BulkUploadResponse = z.infer<typeof bulkUploadResponse>;
