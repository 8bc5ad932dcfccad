import type { SecondFactorStatus, TotpSetup } from '@core/api/second-factor';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

const statusQuery = queryOptions({
  queryKey: ['second-factor'],
  queryFn: () => api<SecondFactorStatus>('GET', '/api/second-factor'),
});

export const useSecondFactorStatus = (enabled = true) => useQuery({ ...statusQuery, enabled });

export const useTotpSetup = () =>
  useMutation({ mutationFn: () => api<TotpSetup>('POST', '/api/second-factor/totp/setup') });

export const useTotpConfirm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<{ recoveryCodes: string[] }>('POST', '/api/second-factor/totp/confirm', { body: { code } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: statusQuery.queryKey }),
  });
};

export const signInWithSecondFactor = (pendingToken: string, code: string) =>
  api<{ token: string }>('POST', '/api/resident/login/second-factor', { body: { pendingToken, code } });

export const useTurnOffSecondFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api('POST', '/api/second-factor/turn-off', { body: { code } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: statusQuery.queryKey }),
  });
};

/** A super administrator removes another user's second factor (lost phone or key); the user is signed out. */
export const useResetSecondFactor = () =>
  useMutation({
    mutationFn: (userId: string) =>
      api<{ message: string }>('POST', `/api/resident/${encodeURIComponent(userId)}/second-factor/reset`),
  });
