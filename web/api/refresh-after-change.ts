import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Refetches the queries a change made stale. In-flight fetches are cancelled first: invalidating a
 * query whose first fetch is still running joins that fetch, so a list request sent before the
 * change committed would land afterwards and show the old rows again.
 */
export function refreshAfterChange(queryClient: QueryClient, ...queryKeys: QueryKey[]) {
  return Promise.all(
    queryKeys.map(async (queryKey) => {
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    }),
  );
}
