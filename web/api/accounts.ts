import type { ProfileDto, RegisterUserRequest } from '@core/api/accounts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { refreshAfterChange } from './refresh-after-change';

type Message = { message: string };
const enc = encodeURIComponent;

export const registerUser = (body: RegisterUserRequest) =>
  api<Message & { _id: string }>('POST', '/api/resident/register', { body });

export const verifyEmail = (body: { _id: string; newPassword: string }) =>
  api<Message & { token: string }>('POST', '/api/resident/verify-email', { body });

export const requestPasswordReset = (email: string) =>
  api<Message>('POST', '/api/resident/request-password-reset', { body: { email } });

export const resetPassword = (token: string, newPassword: string) =>
  api<Message>('POST', `/api/resident/reset-password/${enc(token)}`, { body: { newPassword } });

export const resetTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ['reset-token', token],
    queryFn: () => api<Message>('GET', `/api/resident/validate-reset-token/${enc(token)}`),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Checked once the page has signed out any session (signing out clears the query cache). */
export const useResetTokenCheck = (token: string, signedOut: boolean) =>
  useQuery({ ...resetTokenQuery(token), enabled: signedOut });

export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: ['profile', userId],
    queryFn: () => api<ProfileDto>('GET', `/api/resident/get-by-id/${enc(userId)}`),
  });

export const useProfile = (userId: string) => useQuery(profileQuery(userId));

export const checkPhoneNumber = (userId: string) =>
  api<{ available: boolean }>('GET', `/api/resident/phone-number-check/${enc(userId)}`);

/** Mutations of one user's profile; each refreshes that profile afterwards. */
function useProfileMutation<T, R>(userId: string, call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => refreshAfterChange(queryClient, profileQuery(userId).queryKey),
  });
}

export const useUpdatePreferences = (userId: string) =>
  useProfileMutation(userId, (preferences: { email: boolean; sms: boolean }) =>
    api<Message>('POST', `/api/resident/update-preferences/${enc(userId)}`, { body: preferences }),
  );

export const useUpdatePhoneNumber = (userId: string) =>
  useProfileMutation(userId, (phoneNumber: string) =>
    api<Message & { phoneNumber: string }>('POST', `/api/resident/update-phone-number/${enc(userId)}`, {
      body: { phoneNumber },
    }),
  );

export const useRefreshSecurePin = (userId: string) =>
  useProfileMutation(userId, () =>
    api<{ success: boolean; securePin: string }>('POST', `/api/resident/refresh-secure-pin/${enc(userId)}`),
  );
