import type { Role } from '@core/roles';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { lastLoginPath } from '../auth/last-role';
import { useSession } from '../auth/session';
import { paths } from '../paths';
import { LoadingScreen } from '../ui/loading-screen';
import { EnrolmentGate } from '../widgets/two-step/enrolment-gate';

/**
 * The route guard of docs/SPEC.md §2: 'Loading...' while checking, the last role's login page when signed
 * out (coming back here afterwards), and for a role not allowed either the 403 page or, where the
 * route table says so, the home page. A user who must enrol a second factor sees only its setup.
 */
export function RequireRole({
  roles,
  otherRoles = 'forbidden',
  children,
}: {
  roles: readonly Role[];
  otherRoles?: 'forbidden' | 'home';
  children: ReactNode;
}) {
  const { session } = useSession();
  const location = useLocation();
  if (session.status === 'checking') return <LoadingScreen />;
  if (session.status === 'unauthenticated') {
    return <Navigate to={lastLoginPath()} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (!roles.includes(session.claims.role)) {
    return <Navigate to={otherRoles === 'home' ? paths.home : paths.forbidden} replace />;
  }
  return <EnrolmentGate>{children}</EnrolmentGate>;
}
