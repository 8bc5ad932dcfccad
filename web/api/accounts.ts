import type { Preferences, ProfileDto, RegisterUserRequest } from '@core/api/accounts';
import { CONFIRMATIONS } from '@core/confirmations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys, refreshAfterChange } from './query-keys';

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
    queryKey: queryKeys.resetToken(token),
    queryFn: () => api<Message>('GET', `/api/resident/validate-reset-token/${enc(token)}`),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Whether an invitation link still works (400 says why not), without using it up. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => api<Message>('GET', `/api/resident/validate-invitation/${enc(token)}`),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useInvitationCheck = (token: string, signedOut: boolean) =>
  useQuery({ ...invitationQuery(token), enabled: signedOut && token !== '' });

/** Checked once the page has signed out any session (signing out clears the query cache). */
export const useResetTokenCheck = (token: string, signedOut: boolean) =>
  useQuery({ ...resetTokenQuery(token), enabled: signedOut });

export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.users.profile(userId),
    queryFn: () => api<ProfileDto>('GET', `/api/resident/get-by-id/${enc(userId)}`),
  });

export const useProfile = (userId: string) => useQuery(profileQuery(userId));

export const checkPhoneNumber = (userId: string) =>
  api<{ available: boolean }>('GET', `/api/resident/phone-number-check/${enc(userId)}`);

/** Mutations of a user; each refreshes every screen showing users afterwards (profile, tables). */
function useUserMutation<T, R>(call: (input: T) => Promise<R>, confirmation?: (input: T) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => refreshAfterChange(queryClient, 'user'),
    meta: { confirmation },
  });
}

export const useUpdatePreferences = (userId: string) =>
  useUserMutation((preferences: Pick<Preferences, 'email' | 'sms'> & Partial<Preferences>) =>
    api<Message>('POST', `/api/resident/update-preferences/${enc(userId)}`, { body: preferences }),
  );

export const useUpdatePhoneNumber = (userId: string) =>
  useUserMutation(
    (phoneNumber: string) =>
      api<Message & { phoneNumber: string }>('POST', `/api/resident/update-phone-number/${enc(userId)}`, {
        body: { phoneNumber },
      }),
    () => CONFIRMATIONS.phoneSaved,
  );

/** GET /api/resident/{userId}/pin: another user's PIN on Reveal; the server logs who asked. */
export const useRevealSecurePin = (userId: string) =>
  useMutation({
    mutationFn: () => api<{ securePin: string | null }>('GET', `/api/resident/${enc(userId)}/pin`),
  });

/**
 * POST /api/resident/refresh-secure-pin/{userId}: a resident's from the dashboard (`name` given) or
 * the user's own from the Profile.
 */
export const useRefreshSecurePin = () =>
  useUserMutation(
    ({ userId }: { userId: string; name?: string }) =>
      api<{ success: boolean; securePin: string }>('POST', `/api/resident/refresh-secure-pin/${enc(userId)}`),
    ({ name }) => (name ? CONFIRMATIONS.pinRefreshedFor(name) : CONFIRMATIONS.ownPinRefreshed),
  );
