import type { LockdownDto, StartLockdownRequest } from '@core/api/lockdown';
import { queryOptions, useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys, refreshAfterChange } from './query-keys';

const url = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}/lockdown`;
/** Another manager may start or end it: the banner looks again this often. */
const LOCKDOWN_POLL_MS = 15_000;

/** The property's lockdown in force, or null. */
export const lockdownQuery = (propertyId: string) =>
  queryOptions({
    queryKey: queryKeys.lockdowns.byProperty(propertyId),
    queryFn: () => api<LockdownDto | null>('GET', url(propertyId)),
    refetchInterval: LOCKDOWN_POLL_MS,
  });

/** The lockdowns in force at these properties (null where none), by property id. */
export function useLockdowns(propertyIds: string[]) {
  const answers = useQueries({ queries: propertyIds.map(lockdownQuery) });
  return new Map(propertyIds.map((id, index) => [id, answers[index].data ?? null]));
}

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
