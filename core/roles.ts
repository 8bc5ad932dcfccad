// Roles and what each may do (docs/SPEC.md §6), and where each lands (docs/SPEC.md §4).
export const ROLES = ['resident', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  superadmin: 'Super User',
  admin: 'Property Manager',
  resident: 'Resident',
};

export function roleLabel(role: string | null | undefined): string {
  return role === 'superadmin' || role === 'admin' ? ROLE_LABELS[role] : ROLE_LABELS.resident;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export const LOGIN_PATHS: Record<Role, string> = {
  resident: '/login/Resident-Login',
  admin: '/login/Property-Manager-Login',
  superadmin: '/login/Super-Admin',
};

export const LANDING_PATHS: Record<Role, string> = {
  superadmin: '/dashboard',
  admin: '/register-user',
  resident: '/',
};

/** The role a login form signs in, chosen by the last path segment under /login. */
export function loginRoleForSegment(segment: string | undefined): Role {
  if (segment === 'Super-Admin') return 'superadmin';
  if (segment === 'Property-Manager-Login') return 'admin';
  return 'resident';
}

export const LOGIN_TITLES: Record<Role, string> = {
  superadmin: 'Super User Login',
  admin: 'Property Manager Login',
  resident: 'Resident Login',
};

export function loginTitleForSegment(segment: string | undefined): string {
  return LOGIN_TITLES[loginRoleForSegment(segment)];
}

/** Said only to someone who gave the right password at another role's form, so it tells nothing about unknown emails. */
export const wrongLoginMessage = (role: Role) =>
  `This account signs in at ${LOGIN_TITLES[role]}. Please use that login page instead.`;

/** Which roles each screen admits (docs/SPEC.md §2 route table). */
export const SCREEN_ROLES = {
  registerVisitor: ['resident', 'admin', 'superadmin'],
  dashboard: ['superadmin', 'admin'],
  bulkUserUpload: ['superadmin', 'admin'],
  registerProperty: ['superadmin'],
  registerDevice: ['superadmin'],
  registerUser: ['superadmin', 'admin'],
  visitorList: ['resident'],
  visitorQrCodes: ['superadmin'],
  accessGates: ['resident', 'admin'],
  gateLogs: ['superadmin', 'admin'],
  activity: ['superadmin', 'admin'],
  integrations: ['superadmin', 'admin'],
  profile: ['resident', 'admin', 'superadmin'],
  calls: ['resident'],
  call: ['resident'],
} as const satisfies Record<string, readonly Role[]>;

/** Roles that may register a user of the given role (docs/SPEC.md §6). */
export function canRegisterRole(actor: Role, target: Role): boolean {
  if (actor === 'superadmin') return true;
  if (actor === 'admin') return target === 'admin' || target === 'resident';
  return false;
}

/** Whether a caller sees residents' secure PINs in management tables (docs/SPEC.md §6). */
export function canSeeSecurePins(role: Role, propertyFeatures: readonly string[]): boolean {
  if (role === 'superadmin') return true;
  return role === 'admin' && propertyFeatures.includes('securepin');
}
