import type { AccessGroupBody, AccessGroupDto } from '@core/api/access-groups';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys, refreshAfterChange } from './query-keys';

type GroupAnswer = { message: string; group: AccessGroupDto };
const enc = encodeURIComponent;

export const usePropertyGroups = (propertyId: string) =>
  useQuery({
    queryKey: queryKeys.accessGroups.byProperty(propertyId),
    queryFn: async () =>
      (await api<{ groups: AccessGroupDto[] }>('GET', `/api/properties/${enc(propertyId)}/access-groups`)).groups,
    enabled: Boolean(propertyId),
  });

function useGroupMutation<Input>(mutationFn: (input: Input) => Promise<GroupAnswer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshAfterChange(client, 'accessGroup') });
}

/** Creates a group (no groupId) or replaces one. */
export const useSaveGroup = () =>
  useGroupMutation(({ propertyId, groupId, body }: { propertyId: string; groupId?: string; body: AccessGroupBody }) =>
    groupId
      ? api<GroupAnswer>('PUT', `/api/access-groups/${enc(groupId)}`, { body })
      : api<GroupAnswer>('POST', `/api/properties/${enc(propertyId)}/access-groups`, { body }),
  );

export const useDeleteGroup = () =>
  useGroupMutation((groupId: string) => api<GroupAnswer>('DELETE', `/api/access-groups/${enc(groupId)}`));
