import { ACCOUNT_MESSAGES } from '@core/api/accounts';
import type { ActiveSession } from '@core/api/sessions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

const sessionsQuery = queryOptions({
  queryKey: ['sessions'],
  queryFn: () => api<{ sessions: ActiveSession[] }>('GET', '/api/sessions'),
});

export const useActiveSessions = () => useQuery(sessionsQuery);

function useSessionsMutation<T>(call: (input: T) => Promise<unknown>, confirmation?: () => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
    meta: { confirmation },
  });
}

export const useEndSession = () =>
  useSessionsMutation((sessionId: string) => api('DELETE', `/api/sessions/${encodeURIComponent(sessionId)}`));

export const useEndOtherSessions = () => useSessionsMutation(() => api('POST', '/api/sessions/end-others'));

/** Change password from Profile: every other session ends, so the list is refetched too. */
export const useChangePassword = () =>
  useSessionsMutation(
    (body: { currentPassword: string; newPassword: string }) =>
      api<{ message: string }>('POST', '/api/profile/change-password', { body }),
    () => ACCOUNT_MESSAGES.passwordChanged,
  );
