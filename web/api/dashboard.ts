import type {
  ListQuery,
  UpdateUserRequest,
  UpdateVisitorRequest,
  UserListResponse,
  VisitorListResponse,
} from '@core/api/dashboard';
import type { UpdatePropertyBody } from '@core/api/properties';
import { CONFIRMATIONS } from '@core/confirmations';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { type ChangedRecord, queryKeys, refreshAfterChange } from './query-keys';

export type ListFilter = Pick<ListQuery, 'search' | 'property' | 'role' | 'status' | 'cursor'> & {
  page: number;
  limit: number;
};
export type ManagedEntity = 'resident' | 'visitor' | 'property';

export const userListQuery = (filter: ListFilter) =>
  queryOptions({
    queryKey: queryKeys.users.list(filter),
    queryFn: () => api<UserListResponse>('GET', '/api/resident/get-all', { query: filter }),
    placeholderData: keepPreviousData,
  });

export const visitorListQuery = (filter: ListFilter) =>
  queryOptions({
    queryKey: queryKeys.visitors.list(filter),
    queryFn: () => api<VisitorListResponse>('GET', '/api/visitor/get-all', { query: filter }),
    placeholderData: keepPreviousData,
  });

export const useUserList = (filter: ListFilter, enabled: boolean) => useQuery({ ...userListQuery(filter), enabled });
export const useVisitorList = (filter: ListFilter, enabled: boolean) =>
  useQuery({ ...visitorListQuery(filter), enabled });

const RECORD_OF: Record<ManagedEntity, ChangedRecord> = { resident: 'user', visitor: 'visitor', property: 'property' };

function useEntityMutation<T>(
  entity: ManagedEntity,
  call: (input: T) => Promise<unknown>,
  confirmation: (input: T) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => refreshAfterChange(queryClient, RECORD_OF[entity]),
    meta: { confirmation },
  });
}

const personName = (body: { firstName: string; lastName: string }) => `${body.firstName} ${body.lastName}`;

/** POST /api/{entity}/update with the edited record. */
export const useUpdateUser = () =>
  useEntityMutation(
    'resident',
    (body: UpdateUserRequest) => api('POST', '/api/resident/update', { body }),
    (body) => CONFIRMATIONS.saved(personName(body)),
  );
export const useUpdateVisitor = () =>
  useEntityMutation(
    'visitor',
    (body: UpdateVisitorRequest) => api('POST', '/api/visitor/update', { body }),
    (body) => CONFIRMATIONS.saved(personName(body)),
  );
export const useUpdateProperty = () =>
  useEntityMutation(
    'property',
    (body: UpdatePropertyBody) => api('POST', '/api/property/update', { body }),
    (body) => CONFIRMATIONS.saved(body.propertyName),
  );

/** POST /api/{type}/delete with {_id}; `name` says in the confirmation what was deleted. */
export const useDeleteEntity = (entity: ManagedEntity) =>
  useEntityMutation(
    entity,
    (target: { id: string; name: string }) => api('POST', `/api/${entity}/delete`, { body: { _id: target.id } }),
    (target) => CONFIRMATIONS.deleted(target.name),
  );

/** Suspend (with a reason) or resume a person's access. */
export const useSuspension = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason?: string }) =>
      reason === undefined
        ? api<{ message: string }>('POST', `/api/resident/${encodeURIComponent(userId)}/resume`)
        : api<{ message: string }>('POST', `/api/resident/${encodeURIComponent(userId)}/suspend`, { body: { reason } }),
    onSuccess: () => refreshAfterChange(queryClient, 'user'),
  });
};
