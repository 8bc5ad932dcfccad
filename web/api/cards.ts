import type { CardDto } from '@core/api/cards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys, refreshAfterChange } from './query-keys';

type CardAnswer = { message: string; card: CardDto };
const enc = encodeURIComponent;

export const usePropertyCards = (propertyId: string) =>
  useQuery({
    queryKey: queryKeys.cards.byProperty(propertyId),
    queryFn: () => api<{ cards: CardDto[] }>('GET', `/api/cards/property/${enc(propertyId)}`),
    enabled: Boolean(propertyId),
  });

function useCardMutation<Input>(mutationFn: (input: Input) => Promise<CardAnswer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshAfterChange(client, 'card') });
}

export const useEnrolCard = () =>
  useCardMutation((body: { userId: string; number: string; label: string }) =>
    api<CardAnswer>('POST', '/api/cards', { body }),
  );

export const useUpdateCard = () =>
  useCardMutation(({ cardId, ...body }: { cardId: string; enabled?: boolean; label?: string }) =>
    api<CardAnswer>('PATCH', `/api/cards/${enc(cardId)}`, { body }),
  );

export const useRemoveCard = () =>
  useCardMutation((cardId: string) => api<CardAnswer>('DELETE', `/api/cards/${enc(cardId)}`));
