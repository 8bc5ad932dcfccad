import type { LogFilter, LogListResponse, NotificationsResponse } from '@core/api/gate-log';
import { LOG_PAGE_SIZE, NOTIFICATION_PAGE_SIZE } from '@core/constants';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from './client';
import { downloadFile } from './download';
import { queryKeys } from './query-keys';

/** Whose logs: every property (superadmin) or one property. */
export type LogScope = { propertyId: string | null };

const logsPath = ({ propertyId }: LogScope) =>
  propertyId ? `/api/relay-logs/property/${encodeURIComponent(propertyId)}` : '/api/relay-logs/all';

export const logsQuery = (scope: LogScope, filter: LogFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.gateLogs.list(scope.propertyId, filter, page),
    queryFn: () => api<LogListResponse>('GET', logsPath(scope), { query: { ...filter, page, limit: LOG_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export function useLogs(scope: LogScope | null, filter: LogFilter, page: number) {
  return useQuery({ ...logsQuery(scope ?? { propertyId: null }, filter, page), enabled: scope !== null });
}

/** Downloads the CSV export of a filter; the server streams it, the browser saves it as a file. */
export function downloadLogsCsv(scope: LogScope, filter: LogFilter): Promise<void> {
  return downloadFile(`${logsPath(scope)}/export`, filter, 'gate-logs.csv');
}

export const notificationsQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.gateLogs.notifications(userId),
    queryFn: ({ pageParam }) =>
      api<NotificationsResponse>('GET', `/api/relay-logs/user/${encodeURIComponent(userId)}/notifications`, {
        query: { page: pageParam, limit: NOTIFICATION_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.pagination.hasMore ? pages.length + 1 : undefined),
  });

export function useNotifications(userId: string, enabled: boolean) {
  return useInfiniteQuery({ ...notificationsQuery(userId), enabled });
}
