import type { TokenClaims } from '@core/api/auth';
import { TOKEN_REFRESH_BELOW_SECONDS } from '@core/constants';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { whenSessionRefused } from '../api/client';
import { endSessionOnServer, refreshToken } from '../api/session';
import { readToken, removeToken, storeToken } from '../api/token-cookie';
import { decodeClaims, secondsRemaining } from './claims';
import { rememberRole } from './last-role';
import { forgetSignedOutReason, rememberSignedOutReason } from './signed-out-reason';

export type Session =
  | { status: 'checking' }
  | { status: 'unauthenticated' }
  | { status: 'authenticated'; claims: TokenClaims };

interface SessionContextValue {
  session: Session;
  signIn(token: string): TokenClaims | null;
  signOut(): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

declare global {
  interface Window {
    ReactNativeWebView?: { postMessage(message: string): void };
  }
}

const RECHECK_MS = 60_000;

/**
 * Holds who is signed in (docs/SPEC.md §4 Authentication): reads the token cookie, drops it when expired or
 * unreadable, refreshes it when under 1800 s remain, and signs out when the refresh fails or the
 * server refuses the session. Signing out also ends the session on the server.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>({ status: 'checking' });
  const queryClient = useQueryClient();

  const signOut = useCallback(() => {
    const token = readToken();
    if (token) endSessionOnServer(token);
    removeToken();
    queryClient.clear();
    setSession({ status: 'unauthenticated' });
    window.ReactNativeWebView?.postMessage(JSON.stringify({ type: 'logout' }));
  }, [queryClient]);

  const signIn = useCallback((token: string) => {
    const claims = decodeClaims(token);
    if (!claims) return null;
    storeToken(token);
    rememberRole(claims.role);
    forgetSignedOutReason();
    setSession({ status: 'authenticated', claims });
    return claims;
  }, []);

  const check = useCallback(async () => {
    const token = readToken();
    if (!token) return setSession({ status: 'unauthenticated' });
    const claims = decodeClaims(token);
    const remaining = claims ? secondsRemaining(claims) : 0;
    if (!claims || remaining <= 0) {
      removeToken();
      return setSession({ status: 'unauthenticated' });
    }
    if (remaining >= TOKEN_REFRESH_BELOW_SECONDS) {
      return setSession((current) =>
        current.status === 'authenticated' && current.claims.exp === claims.exp
          ? current
          : { status: 'authenticated', claims },
      );
    }
    try {
      const { token: fresh } = await refreshToken();
      if (!signIn(fresh)) signOut();
    } catch {
      signOut();
    }
  }, [signIn, signOut]);

  useEffect(() => {
    whenSessionRefused((why) => {
      if (why) rememberSignedOutReason(why);
      signOut();
    });
    return () => whenSessionRefused(null);
  }, [signOut]);

  useEffect(() => {
    void check();
    const timer = setInterval(() => void check(), RECHECK_MS);
    return () => clearInterval(timer);
  }, [check]);

  const value = useMemo(() => ({ session, signIn, signOut }), [session, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The claims of the signed-in user; only for screens behind a guard. */
export function useClaims(): TokenClaims {
  const { session } = useSession();
  if (session.status !== 'authenticated') throw new Error('useClaims on a screen without a guard');
  return session.claims;
}
