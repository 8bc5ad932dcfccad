import type { LoginRequest } from '@core/api/auth';
import type { LoginResponse } from '@core/api/second-factor';
import { api } from './client';

export const login = (body: LoginRequest) => api<LoginResponse>('POST', '/api/resident/login', { body });
export const refreshToken = () => api<{ token: string }>('POST', '/api/token/refresh');

/**
 * Ends the session on the server without waiting (logout must work offline too); a plain fetch,
 * so a refusal does not come back through the API client's signed-out handling.
 */
export function endSessionOnServer(token: string) {
  void fetch('/api/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(
    () => undefined,
  );
}
