import type { BulkUploadResponse, BulkUserRowInput } from '@core/api/bulk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { refreshAfterChange } from './query-keys';

/** POST /api/resident/bulk-upload; the users lists are stale afterwards. */
export function useBulkUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (users: BulkUserRowInput[]) =>
      api<BulkUploadResponse>('POST', '/api/resident/bulk-upload', { body: { users } }),
    onSettled: () => refreshAfterChange(queryClient, 'user'),
  });
}
