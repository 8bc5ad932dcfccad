import { describe, expect, it } from 'vitest';
import { bulkOutcome } from './bulk-outcome';

describe('bulk upload outcome (docs/SPEC.md §8)', () => {
  it('names total failure, partial success and success exactly', () => {
    expect(bulkOutcome(null).message).toBe('Upload failed or error occurred');
    expect(bulkOutcome({ successfulUploads: 0, failedUploads: 3, errors: [] }).message).toBe(
      'Upload failed or error occurred',
    );
    expect(bulkOutcome({ successfulUploads: 4, failedUploads: 1, errors: [] }).message).toBe(
      'Bulk upload completed with 4 successful uploads and 1 failed upload',
    );
    expect(bulkOutcome({ successfulUploads: 1, failedUploads: 2, errors: [] }).message).toBe(
      'Bulk upload completed with 1 successful upload and 2 failed uploads',
    );
    expect(bulkOutcome({ successfulUploads: 5, failedUploads: 0, errors: [] }).message).toBe(
      'Bulk upload completed successfully',
    );
  });
});
