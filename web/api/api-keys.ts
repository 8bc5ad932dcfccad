import type { ApiKeySummary, CreateApiKeyBody } from '@core/api/api-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys, refreshAfterChange } from './query-keys';

const enc = encodeURIComponent;

export const usePropertyApiKeys = (propertyId: string) =>
  useQuery({
    queryKey: queryKeys.apiKeys.byProperty(propertyId),
    queryFn: async () =>
      (await api<{ apiKeys: ApiKeySummary[] }>('GET', `/api/properties/${enc(propertyId)}/api-keys`)).apiKeys,
    enabled: Boolean(propertyId),
  });

/** Creates a key; the answer holds the key itself, to be shown once. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ propertyId, body }: { propertyId: string; body: CreateApiKeyBody }) =>
      api<{ _id: string; key: string }>('POST', `/api/properties/${enc(propertyId)}/api-keys`, { body }),
    onSuccess: () => refreshAfterChange(client, 'apiKey'),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => api<{ message: string }>('DELETE', `/api/api-keys/${enc(keyId)}`),
    onSuccess: () => refreshAfterChange(client, 'apiKey'),
  });
}
