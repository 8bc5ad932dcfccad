import type { Role } from '@core/roles';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

/** The provider's name when the login pages offer single sign-on; null when they do not. */
export const useSsoOffer = () =>
  useQuery({
    queryKey: ['sso-offer'],
    queryFn: async () => (await api<{ label: string | null }>('GET', '/api/auth/oidc')).label,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Where to send the browser to sign in at the provider, for this login page's role. */
export const startSso = async (role: Role) =>
  (await api<{ url: string }>('POST', '/api/auth/oidc/start', { body: { role } })).url;
