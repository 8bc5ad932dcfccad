import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { downloadFile } from './download';
import { refreshAfterChange } from './query-keys';

/** GET /api/profile/export: the caller's data, saved by the browser as one JSON file. */
export const downloadMyData = () => downloadFile('/api/profile/export', {}, 'gatehouse-my-data.json');

/** POST /api/resident/:userId/erase (super administrators). */
export const useErasePerson = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<{ message: string; label: string }>('POST', `/api/resident/${encodeURIComponent(userId)}/erase`),
    onSuccess: () => refreshAfterChange(queryClient, 'user'),
  });
};
