import { describe, expect, it } from 'vitest';
import { BULK_CSV_MAX_BYTES, REQUEST_BODY_LIMIT_BYTES, readableSize } from './request-size';

describe('sizes in words', () => {
  it('says megabytes with at most one decimal, and kilobytes below one megabyte', () => {
    expect(readableSize(REQUEST_BODY_LIMIT_BYTES)).toBe('2 MB');
    expect(readableSize(BULK_CSV_MAX_BYTES)).toBe('1 MB');
    expect(readableSize(3.5 * 1024 * 1024)).toBe('3.5 MB');
    expect(readableSize(300 * 1024)).toBe('300 KB');
    expect(readableSize(10)).toBe('1 KB');
  });
});
