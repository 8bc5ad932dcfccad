import type { ActivityActorDto, ActivityFilter, activityListResponse } from '@core/api/activity';
import { LOG_PAGE_SIZE } from '@core/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './client';
import { downloadFile } from './download';
import { queryKeys } from './query-keys';

type ActivityList = z.infer<typeof activityListResponse>;

export const activityQuery = (filter: ActivityFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.activity.list(filter, page),
    queryFn: () => api<ActivityList>('GET', '/api/activity', { query: { ...filter, page, limit: LOG_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** One page of the trail; a manager's is their property's whatever the filter says (the server sees to it). */
export function useActivity(filter: ActivityFilter, page: number) {
  return useQuery(activityQuery(filter, page));
}

/** The people who acted, for the "person acting" filter. */
export function useActivityActors(propertyId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.activity.actors(propertyId ?? null),
    queryFn: () =>
      api<{ actors: ActivityActorDto[] }>('GET', '/api/activity/actors', { query: { propertyId } }).then(
        (answer) => answer.actors,
      ),
  });
}

export function downloadActivityCsv(filter: ActivityFilter): Promise<void> {
  return downloadFile('/api/activity/export', filter, 'activity.csv');
}
