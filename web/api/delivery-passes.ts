import type { CreateDeliveryPassRequest, DeliveryPassDto, ShareDeliveryPassRequest } from '@core/api/delivery-passes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';

type PassAnswer = { pass: DeliveryPassDto };

export const useDeliveryPasses = () =>
  useQuery({
    queryKey: queryKeys.deliveryPasses,
    queryFn: () => api<{ passes: DeliveryPassDto[] }>('GET', '/api/delivery-passes'),
    // Uses are taken at the gate: the count left stays honest without a reload.
    refetchInterval: 30_000,
  });

function usePassMutation<Input>(mutationFn: (input: Input) => Promise<PassAnswer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.deliveryPasses }) });
}

export const useCreateDeliveryPass = () =>
  usePassMutation((body: CreateDeliveryPassRequest) => api<PassAnswer>('POST', '/api/delivery-passes', { body }));

export const useCancelDeliveryPass = () =>
  usePassMutation((passId: string) =>
    api<PassAnswer>('POST', `/api/delivery-passes/${encodeURIComponent(passId)}/cancel`),
  );

export const useShareDeliveryPass = () =>
  useMutation({
    mutationFn: ({ passId, ...body }: ShareDeliveryPassRequest & { passId: string }) =>
      api<{ message: string }>('POST', `/api/delivery-passes/${encodeURIComponent(passId)}/share`, { body }),
  });
