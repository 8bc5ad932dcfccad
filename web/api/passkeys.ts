import { ApiError } from '@core/api/api-error';
import { PASSKEY_BROWSER_MESSAGES } from '@core/passkey-messages';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

// @simplewebauthn/browser is fetched when a passkey is first used, never with the login form.
const webauthn = () => import('@simplewebauthn/browser');

/** The browser's own words when the person cancels or the authenticator refuses, made plain. */
function plainWebauthnError(error: unknown): never {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') {
    throw new ApiError(0, PASSKEY_BROWSER_MESSAGES.cancelled, PASSKEY_BROWSER_MESSAGES.cancelled);
  }
  if (name === 'InvalidStateError') {
    throw new ApiError(0, PASSKEY_BROWSER_MESSAGES.alreadyOnDevice, PASSKEY_BROWSER_MESSAGES.alreadyOnDevice);
  }
  throw error;
}

async function registerPasskey(name: string) {
  const { options } = await api<{ options: PublicKeyCredentialCreationOptionsJSON }>(
    'POST',
    '/api/second-factor/passkeys/options',
  );
  const { startRegistration } = await webauthn();
  const credential: RegistrationResponseJSON = await startRegistration({ optionsJSON: options }).catch(
    plainWebauthnError,
  );
  return api<{ message: string }>('POST', '/api/second-factor/passkeys', { body: { name, credential } });
}

export const useAddPasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['second-factor'] }),
  });
};

export const useRemovePasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passkeyId: string) => api<{ message: string }>('DELETE', `/api/second-factor/passkeys/${passkeyId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['second-factor'] }),
  });
};

/** The sign-in step with a passkey: options for this pending sign-in, the browser's answer, the session token. */
export async function signInWithPasskey(pendingToken: string) {
  const { options } = await api<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    'POST',
    '/api/resident/login/passkey/options',
    { body: { pendingToken } },
  );
  const { startAuthentication } = await webauthn();
  const credential: AuthenticationResponseJSON = await startAuthentication({ optionsJSON: options }).catch(
    plainWebauthnError,
  );
  return api<{ token: string }>('POST', '/api/resident/login/passkey', { body: { pendingToken, credential } });
}
