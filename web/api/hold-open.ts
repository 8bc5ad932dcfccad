import type { HoldState } from '@core/api/hold-open';
import type { AccessSchedule } from '@core/rules/schedule';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys, refreshAfterChange } from './query-keys';

type HoldAnswer = { message: string; state: HoldState };

const holdStateQuery = (deviceId: string) =>
  queryOptions({
    queryKey: [...queryKeys.devices.all, 'hold-open', deviceId] as const,
    queryFn: async () => (await api<HoldAnswer>('GET', `/api/device/${deviceId}/hold-open`)).state,
  });

export const useHoldState = (deviceId: string) => useQuery(holdStateQuery(deviceId));

/** Hold, release and schedule changes: the answer is the new state; the gate log gains a row. */
function useHoldMutation<TBody>(deviceId: string, send: (body: TBody) => Promise<HoldAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(holdStateQuery(deviceId).queryKey, answer.state);
      void refreshAfterChange(queryClient, 'device');
    },
  });
}

export const useHoldOpen = (deviceId: string) =>
  useHoldMutation(deviceId, (body: { minutes: number } | { until: string }) =>
    api<HoldAnswer>('POST', `/api/device/${deviceId}/hold-open/hold`, { body }),
  );

export const useReleaseHold = (deviceId: string) =>
  useHoldMutation(deviceId, () => api<HoldAnswer>('POST', `/api/device/${deviceId}/hold-open/release`));

export const useSaveHoldSchedule = (deviceId: string) =>
  useHoldMutation(deviceId, (schedule: AccessSchedule | null) =>
    api<HoldAnswer>('PUT', `/api/device/${deviceId}/hold-open/schedule`, { body: { schedule } }),
  );
