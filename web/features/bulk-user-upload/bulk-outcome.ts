import type { BulkUploadResponse } from '@core/api/bulk';
import { BULK_MESSAGES } from '@core/bulk/bulk-messages';

/** The three outcome messages of docs/SPEC.md §8, with the colour each is shown in. */
export function bulkOutcome(result: BulkUploadResponse | null): { message: string; color: string } {
  if (!result || result.successfulUploads === 0) return { message: BULK_MESSAGES.totalFailure, color: 'red' };
  if (result.failedUploads > 0) {
    return { message: BULK_MESSAGES.partial(result.successfulUploads, result.failedUploads), color: 'yellow' };
  }
  return { message: BULK_MESSAGES.success, color: 'green' };
}
