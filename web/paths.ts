import { type Role, SCREEN_ROLES } from '@core/roles';

// Every client route of SPEC §2, in one place.
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
  profile: '/profile',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  setNewPassword: (token: string) => `/set-new-password/${token}`,
  privacyPolicy: '/privacy-policy',
  requestDeleteUser: '/request-delete-user',
  forbidden: '/403',
} as const;

type Screen = keyof typeof SCREEN_ROLES;
const SCREEN_PATHS: [RegExp, Screen][] = [
  [/^\/$/, 'registerVisitor'],
  [/^\/dashboard$/, 'dashboard'],
  [/^\/bulk-user-upload$/, 'bulkUserUpload'],
  [/^\/register-property$/, 'registerProperty'],
  [/^\/register-device$/, 'registerDevice'],
  [/^\/register-user$/, 'registerUser'],
  [/^\/visitor-list$/, 'visitorList'],
  [/^\/visitor\/[^/]+\/qr-codes$/, 'visitorQrCodes'],
  [/^\/access-gates$/, 'accessGates'],
  [/^\/gate-logs$/, 'gateLogs'],
  [/^\/profile$/, 'profile'],
];

/** Whether a role may see the guarded screen at this path (any other path: yes, the router decides). */
export function roleMaySee(role: Role, pathWithQuery: string): boolean {
  const pathname = pathWithQuery.split(/[?#]/)[0].replace(/(.)\/$/, '$1');
  const screen = SCREEN_PATHS.find(([pattern]) => pattern.test(pathname))?.[1];
  return !screen || (SCREEN_ROLES[screen] as readonly Role[]).includes(role);
}
