import { type Role, SCREEN_ROLES } from '@core/roles';
import { matchPath } from 'react-router';

// Every client route of docs/SPEC.md §2, in one place.
export const paths = {
  home: '/',
  login: (segment: string) => `/login/${segment}`,
  dashboard: '/dashboard',
  bulkUserUpload: '/bulk-user-upload',
  registerProperty: '/register-property',
  registerDevice: '/register-device',
  registerUser: '/register-user',
  visitorList: '/visitor-list',
  visitorQrCodes: (visitorId: string) => `/visitor/${visitorId}/qr-codes`,
  accessGates: '/access-gates',
  gateLogs: '/gate-logs',
  activity: '/activity',
  integrations: '/integrations',
  profile: '/profile',
  calls: '/calls',
  call: (callId: string) => `/calls/${callId}`,
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  setNewPassword: (token: string) => `/set-new-password/${token}`,
  privacyPolicy: '/privacy-policy',
  requestDeleteUser: '/request-delete-user',
  forbidden: '/403',
} as const;

/** The route pattern of each guarded screen (docs/SPEC.md §2); the router and roleMaySee both read it. */
export const SCREEN_ROUTES = {
  registerVisitor: '/',
  dashboard: '/dashboard',
  bulkUserUpload: '/bulk-user-upload',
  registerProperty: '/register-property',
  registerDevice: '/register-device',
  registerUser: '/register-user',
  visitorList: '/visitor-list',
  visitorQrCodes: '/visitor/:visitorId/qr-codes',
  accessGates: '/access-gates',
  gateLogs: '/gate-logs',
  activity: '/activity',
  integrations: '/integrations',
  profile: '/profile',
  calls: '/calls',
  call: '/calls/:callId',
} as const satisfies Record<keyof typeof SCREEN_ROLES, string>;

/** Whether a role may see the guarded screen at this path (any other path: yes, the router decides). */
export function roleMaySee(role: Role, pathWithQuery: string): boolean {
  const pathname = pathWithQuery.split(/[?#]/)[0];
  const screen = (Object.keys(SCREEN_ROUTES) as (keyof typeof SCREEN_ROUTES)[]).find((name) =>
    matchPath(SCREEN_ROUTES[name], pathname),
  );
  return !screen || (SCREEN_ROLES[screen] as readonly Role[]).includes(role);
}
