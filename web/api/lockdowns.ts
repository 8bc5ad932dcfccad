import type { LockdownDto, StartLockdownRequest } from '@core/api/lockdown';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys, refreshAfterChange } from './query-keys';

const url = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}/lockdown`;
/** Another manager may start or end it: the banner looks again this often. */
const LOCKDOWN_POLL_MS = 15_000;

/** The property's lockdown in force, or null; looked at again every LOCKDOWN_POLL_MS. */
export const useLockdown = (propertyId: string) =>
  useQuery({
    queryKey: queryKeys.lockdowns.byProperty(propertyId),
    queryFn: () => api<LockdownDto | null>('GET', url(propertyId)),
    refetchInterval: LOCKDOWN_POLL_MS,
  });

function useLockdownMutation<Input>(mutationFn: (input: Input) => Promise<LockdownDto>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshAfterChange(client, 'lockdown') });
}

export const useStartLockdown = () =>
  useLockdownMutation(({ propertyId, ...body }: StartLockdownRequest & { propertyId: string }) =>
    api<LockdownDto>('POST', url(propertyId), { body }),
  );

export const useEndLockdown = () =>
  useLockdownMutation((propertyId: string) => api<LockdownDto>('DELETE', url(propertyId)));
