import type { PropertyDto, RegisterPropertyBody } from '@core/api/properties';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys, refreshAfterChange } from './query-keys';

export const propertyByIdQuery = (propertyId: string) =>
  queryOptions({
    queryKey: queryKeys.properties.byId(propertyId),
    queryFn: () => api<PropertyDto>('GET', '/api/property/get-property-by-id', { query: { propertyId } }),
    staleTime: 5 * 60 * 1000,
  });

export function useProperty(propertyId: string | null | undefined) {
  return useQuery({ ...propertyByIdQuery(propertyId ?? ''), enabled: Boolean(propertyId) });
}

const allPropertiesQuery = () =>
  queryOptions({
    queryKey: queryKeys.properties.list(),
    queryFn: () => api<PropertyDto[]>('GET', '/api/property/get-all'),
  });

/** Every property the caller may manage (superadmin: all; admin: their own): tables, filters and selects. */
export function useAllProperties(enabled = true) {
  return useQuery({ ...allPropertiesQuery(), enabled });
}

export function useRegisterProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterPropertyBody) => api<PropertyDto>('POST', '/api/property/register', { body }),
    onSuccess: () => refreshAfterChange(queryClient, 'property'),
  });
}
