import type {
  ListQuery,
  UpdateUserRequest,
  UpdateVisitorRequest,
  UserListResponse,
  VisitorListResponse,
} from '@core/api/dashboard';
import type { UpdatePropertyBody } from '@core/api/properties';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { refreshAfterChange } from './refresh-after-change';

export type ListFilter = Pick<ListQuery, 'search' | 'property' | 'role'> & { page: number; limit: number };
export type ManagedEntity = 'resident' | 'visitor' | 'property';

export const userListQuery = (filter: ListFilter) =>
  queryOptions({
    queryKey: ['resident', 'list', filter],
    queryFn: () => api<UserListResponse>('GET', '/api/resident/get-all', { query: filter }),
    placeholderData: keepPreviousData,
  });

export const visitorListQuery = (filter: ListFilter) =>
  queryOptions({
    queryKey: ['visitor', 'list', filter],
    queryFn: () => api<VisitorListResponse>('GET', '/api/visitor/get-all', { query: filter }),
    placeholderData: keepPreviousData,
  });

export const useUserList = (filter: ListFilter, enabled: boolean) => useQuery({ ...userListQuery(filter), enabled });
export const useVisitorList = (filter: ListFilter, enabled: boolean) =>
  useQuery({ ...visitorListQuery(filter), enabled });

/** Which cached lists a change to an entity makes stale. */
const STALE_AFTER: Record<ManagedEntity, string[][]> = {
  resident: [['resident'], ['visitor']],
  visitor: [['visitor'], ['resident']],
  property: [['property'], ['resident'], ['visitor'], ['device']],
};

function useEntityMutation<T>(entity: ManagedEntity, call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => refreshAfterChange(queryClient, ...STALE_AFTER[entity]),
  });
}

/** POST /api/{entity}/update with the edited record. */
export const useUpdateUser = () =>
  useEntityMutation('resident', (body: UpdateUserRequest) => api('POST', '/api/resident/update', { body }));
export const useUpdateVisitor = () =>
  useEntityMutation('visitor', (body: UpdateVisitorRequest) => api('POST', '/api/visitor/update', { body }));
export const useUpdateProperty = () =>
  useEntityMutation('property', (body: UpdatePropertyBody) => api('POST', '/api/property/update', { body }));

/** POST /api/{type}/delete with {_id}. */
export const useDeleteEntity = (entity: ManagedEntity) =>
  useEntityMutation(entity, (id: string) => api('POST', `/api/${entity}/delete`, { body: { _id: id } }));

/** POST /api/resident/refresh-secure-pin/{userId}; the table shows the new PIN after a refetch. */
export const useRefreshSecurePin = () =>
  useEntityMutation('resident', (userId: string) =>
    api<{ success: boolean; securePin: string }>(
      'POST',
      `/api/resident/refresh-secure-pin/${encodeURIComponent(userId)}`,
    ),
  );
