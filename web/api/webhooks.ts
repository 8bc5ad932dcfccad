import type { WebhookDeliveryDto, WebhookDto } from '@core/api/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys, refreshAfterChange } from './query-keys';

const enc = encodeURIComponent;

export interface WebhookFields {
  url: string;
  events: string[];
  description: string;
}

export const usePropertyWebhooks = (propertyId: string) =>
  useQuery({
    queryKey: queryKeys.webhooks.byProperty(propertyId),
    queryFn: () => api<{ webhooks: WebhookDto[] }>('GET', `/api/properties/${enc(propertyId)}/webhooks`),
    enabled: Boolean(propertyId),
  });

export const useWebhookDeliveries = (webhookId: string) =>
  useQuery({
    queryKey: queryKeys.webhooks.deliveries(webhookId),
    queryFn: () => api<{ deliveries: WebhookDeliveryDto[] }>('GET', `/api/webhooks/${enc(webhookId)}/deliveries`),
  });

function useWebhookMutation<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshAfterChange(client, 'webhook') });
}

export const useAddWebhook = () =>
  useWebhookMutation(({ propertyId, ...body }: WebhookFields & { propertyId: string }) =>
    api<{ message: string; _id: string; secret: string }>('POST', `/api/properties/${enc(propertyId)}/webhooks`, {
      body,
    }),
  );

export const useUpdateWebhook = () =>
  useWebhookMutation(({ webhookId, ...body }: WebhookFields & { webhookId: string; enabled?: boolean }) =>
    api<{ message: string }>('PUT', `/api/webhooks/${enc(webhookId)}`, { body }),
  );

export const useRemoveWebhook = () =>
  useWebhookMutation((webhookId: string) => api<{ message: string }>('DELETE', `/api/webhooks/${enc(webhookId)}`));

export const useRotateWebhookSecret = () =>
  useWebhookMutation((webhookId: string) =>
    api<{ message: string; secret: string }>('POST', `/api/webhooks/${enc(webhookId)}/rotate-secret`),
  );

export const useSendTestEvent = () =>
  useWebhookMutation((webhookId: string) => api<{ message: string }>('POST', `/api/webhooks/${enc(webhookId)}/test`));

export const useSendAgain = () =>
  useWebhookMutation(({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
    api<{ message: string }>('POST', `/api/webhooks/${enc(webhookId)}/deliveries/${enc(deliveryId)}/retry`),
  );
