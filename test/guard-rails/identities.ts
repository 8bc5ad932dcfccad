import type { Role } from '@core/roles';
import type { DeclaredRoute, Permission } from '../../server/authorization/route-permissions';
import type { GuardWorld, WorldUser } from './guard-world';

export const IDENTITIES = [
  'anonymous',
  'resident',
  'admin',
  'superadmin',
  'admin of another property',
  'resident of another property',
  'other resident of the same property',
  'expired token',
  'revoked token',
  'ended session',
  'deleted user',
  'forged token',
  'wrong device key',
  'right device key',
] as const;
export type Identity = (typeof IDENTITIES)[number];

export type Expected = { allowed: true } | { allowed: false; status: 401 | 403 | 404 };

const ROLE_OF: Partial<Record<Identity, Role>> = {
  resident: 'resident',
  admin: 'admin',
  superadmin: 'superadmin',
  'admin of another property': 'admin',
  'resident of another property': 'resident',
  'other resident of the same property': 'resident',
};

/** Whose session a broken-token identity spoils: one the route would otherwise let in. */
const spoiledRole = (permission: Permission): Role => (permission.kind === 'user' ? permission.roles[0] : 'resident');

/** What the route's declaration says this caller gets, given whether the seeded record is owned. */
export function expectedFor(permission: Permission, identity: Identity, ownedRecord: boolean): Expected {
  if (permission.kind === 'public') return { allowed: true };
  if (permission.kind === 'device')
    return identity === 'right device key' ? { allowed: true } : { allowed: false, status: 401 };
  // A reader reaches only its own records: the matrix's reader is a fresh gate of property A.
  if (permission.kind === 'deviceOrUser' && identity === 'right device key')
    return permission.scope ? { allowed: false, status: 404 } : { allowed: true };
  if (permission.kind === 'deviceOrUser' && identity === 'wrong device key') return { allowed: false, status: 401 };
  const role = ROLE_OF[identity];
  if (!role) return { allowed: false, status: 401 };
  if (!permission.roles.includes(role)) return { allowed: false, status: 403 };
  if (!permission.scope) return { allowed: true };
  if (permission.selfOnly)
    return identity === 'resident' ? { allowed: true } : { allowed: false, status: permission.selfRefusal ?? 404 };
  const outside =
    identity === 'admin of another property' ||
    identity === 'resident of another property' ||
    (identity === 'other resident of the same property' && ownedRecord);
  return outside ? { allowed: false, status: 404 } : { allowed: true };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The headers this identity sends; creates its user (or device) in the world first. */
export async function headersFor(world: GuardWorld, route: DeclaredRoute, identity: Identity) {
  const broken = () => world.user(spoiledRole(route.permission), 'A');
  const sessions: Record<Identity, () => Promise<Record<string, string>>> = {
    anonymous: async () => ({}),
    resident: async () => bearer(world.owner.token),
    admin: async () => bearer((await world.user('admin', 'A')).token),
    superadmin: async () => bearer((await world.user('superadmin', null)).token),
    'admin of another property': async () => bearer((await world.user('admin', 'B')).token),
    'resident of another property': async () => bearer((await world.user('resident', 'B')).token),
    'other resident of the same property': async () => bearer((await world.user('resident', 'A')).token),
    'expired token': async () => bearer(await world.expiredToken(await broken())),
    'revoked token': async () => {
      const user: WorldUser = await broken();
      await world.revoke(user);
      return bearer(user.token);
    },
    'ended session': async () => {
      const user = await broken();
      await world.endSession(user);
      return bearer(user.token);
    },
    'deleted user': async () => {
      const user = await broken();
      await world.deleteUser(user);
      return bearer(user.token);
    },
    'forged token': async () => bearer(await world.forgedToken(await broken())),
    'wrong device key': async () => bearer('not-a-device-key-of-this-server'),
    'right device key': async () => bearer((await world.device()).key),
  };
  return sessions[identity]();
}

/** A caller the route lets in (null: none signed in), with the headers it sends. */
export async function allowedCaller(
  world: GuardWorld,
  route: DeclaredRoute,
): Promise<{ user: WorldUser | null; headers: Record<string, string> }> {
  const permission = route.permission;
  if (permission.kind === 'public') return { user: null, headers: {} };
  if (permission.kind === 'device') return { user: null, headers: bearer((await world.device()).key) };
  if (permission.selfOnly || !permission.roles.some((role) => role !== 'resident'))
    return { user: world.owner, headers: bearer(world.owner.token) };
  const role = permission.roles.includes('superadmin') ? 'superadmin' : 'admin';
  const user = await world.user(role, role === 'admin' ? 'A' : null);
  return { user, headers: bearer(user.token) };
}

/** A caller the route lets in, so what answers is validation and the handler, not permission control. */
export async function allowedHeaders(world: GuardWorld, route: DeclaredRoute): Promise<Record<string, string>> {
  return (await allowedCaller(world, route)).headers;
}
