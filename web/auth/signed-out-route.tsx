import { type ReactNode, useEffect } from 'react';
import { useSession } from './session';

/** The account-email routes sign the current user out first (docs/SPEC.md §2 Header). */
export function SignedOutRoute({ children }: { children: ReactNode }) {
  const { session, signOut } = useSession();
  const signedIn = session.status === 'authenticated';
  useEffect(() => {
    if (signedIn) signOut();
  }, [signedIn, signOut]);
  return children;
}
