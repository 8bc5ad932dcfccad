import { isRole, LOGIN_PATHS, type Role } from '@core/roles';

const KEY = 'gatehouse.lastRole';

export function rememberRole(role: Role) {
  localStorage.setItem(KEY, role);
}

/** The login path of the last role that signed in on this browser; the resident form by default. */
export function lastLoginPath(): string {
  const role = localStorage.getItem(KEY);
  return LOGIN_PATHS[isRole(role) ? role : 'resident'];
}
