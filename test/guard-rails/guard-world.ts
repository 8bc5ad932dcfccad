import crypto from 'node:crypto';
import type { ApiKeyScope } from '@core/api/api-keys';
import type { Role } from '@core/roles';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../server/accounts/account-tables';
import { newApiKey } from '../../server/api-keys/api-key-secret';
import { insertApiKey, revokeApiKey } from '../../server/api-keys/api-key-store';
import { endAllSessions, endSession, startSession } from '../../server/authorization/session-queries';
import { TokenService } from '../../server/authorization/tokens';
import { devices } from '../../server/device-records/device-tables';
import { sha256Hex } from '../../server/platform/crypto/keys';
import { properties } from '../../server/property-records/property-tables';

/** Generated tests call many routes each; on two busy cores they need more than the default 30 s. */
export const SLOW_TEST_MS = 180_000;

let counter = 0;
export const uniqueSuffix = () => `${Date.now().toString(36)}${(++counter).toString(36)}`;
export const guardEmail = () => `guard.${uniqueSuffix()}@example.com`;

/** Sessions are checked against a stored hash; these users never sign in with a password. */
const UNUSED_PASSWORD_HASH = 'scrypt$guard-rails$never-verified';

export interface WorldUser {
  id: string;
  role: Role;
  propertyId: string | null;
  sessionId: string;
  sessionExpiresAt: Date;
  token: string;
}

/**
 * Two properties (A and B) and the resident of A who owns the records seeded for a case.
 * Everything is fresh per case, so a route that deletes or renames a record cannot affect
 * the next identity's call.
 */
export class GuardWorld {
  private constructor(
    readonly app: FastifyInstance,
    readonly propertyA: string,
    readonly propertyB: string,
    readonly owner: WorldUser,
  ) {}

  static async create(app: FastifyInstance): Promise<GuardWorld> {
    const [a, b] = await app.db
      .insert(properties)
      .values([
        {
          propertyName: `Guard A ${uniqueSuffix()}`,
          propertyLocation: '1 A Road',
          propertyFeatures: ['qr', 'securepin', 'rfid', 'intercom'],
        },
        {
          propertyName: `Guard B ${uniqueSuffix()}`,
          propertyLocation: '2 B Road',
          propertyFeatures: ['qr', 'securepin', 'rfid', 'intercom'],
        },
      ])
      .returning({ id: properties.id });
    const owner = await createUser(app, 'resident', a.id);
    return new GuardWorld(app, a.id, b.id, owner);
  }

  user(role: Role, property: 'A' | 'B' | null): Promise<WorldUser> {
    const propertyId = property === 'A' ? this.propertyA : property === 'B' ? this.propertyB : null;
    return createUser(this.app, role, role === 'superadmin' ? null : propertyId);
  }

  /** A gate device of property A and the key its reader authenticates with. */
  async device(): Promise<{ id: string; key: string }> {
    const key = crypto.randomBytes(24).toString('base64url');
    const [row] = await this.app.db
      .insert(devices)
      .values({
        propertyId: this.propertyA,
        deviceName: `Gate ${uniqueSuffix()}`,
        deviceIpAddress: '127.0.0.1:9',
        deviceKeyHash: sha256Hex(key),
      })
      .returning({ id: devices.id });
    return { id: row.id, key };
  }

  /** An API key of property A or B with these scopes, made by a manager of it; revoked if asked. */
  async apiKey(scopes: ApiKeyScope[], property: 'A' | 'B', revoked = false): Promise<{ id: string; key: string }> {
    const propertyId = property === 'A' ? this.propertyA : this.propertyB;
    const maker = await this.user('admin', property);
    const { key, hash, prefix } = newApiKey();
    const row = await insertApiKey(this.app.db, {
      propertyId,
      createdBy: maker.id,
      name: `Guard key ${uniqueSuffix()}`,
      scopes,
      expiresAt: null,
      keyHash: hash,
      prefix,
    });
    if (revoked) await revokeApiKey(this.app.db, row.id, this.app.config.now());
    return { id: row.id, key };
  }

  /** A token that was valid once and has since run out. */
  async expiredToken(user: WorldUser): Promise<string> {
    const { secret, tokenLifetimeSeconds, now } = this.app.config;
    const past = () => new Date(now().getTime() - (tokenLifetimeSeconds + 3600) * 1000);
    return new TokenService(secret, tokenLifetimeSeconds, past).issue(subject(user));
  }

  /** A token issued before the user's password changed (every session of theirs ended). */
  async revoke(user: WorldUser) {
    await endAllSessions(this.app.db, user.id, this.app.config.now());
  }

  /** A token whose own session was signed out (the user's other sessions stand). */
  async endSession(user: WorldUser) {
    await this.anotherSession(user);
    await endSession(this.app.db, user.id, user.sessionId, this.app.config.now());
  }

  /** A second session of the user, as from another browser; its id. */
  async anotherSession(user: WorldUser): Promise<string> {
    return (await openSession(this.app, user.id)).id;
  }

  async deleteUser(user: WorldUser) {
    await this.app.db.delete(users).where(eq(users.id, user.id));
  }

  /** A well-formed token signed with a key the server never had. */
  forgedToken(user: WorldUser): Promise<string> {
    const now = this.app.config.now;
    return new TokenService(crypto.randomBytes(32), this.app.config.tokenLifetimeSeconds, now).issue(subject(user));
  }
}

const subject = (user: WorldUser) => ({
  id: user.id,
  role: user.role,
  propertyId: user.propertyId,
  propertyFeatures: [],
  sessionId: user.sessionId,
  sessionExpiresAt: user.sessionExpiresAt,
});

// Every identity is fully signed in: its session passed the second factor, so a seeded passkey
// (which makes its user enrolled) does not end it.
const openSession = (app: FastifyInstance, userId: string) =>
  startSession(app.db, {
    userId,
    userAgent: 'guard rails',
    address: '127.0.0.1',
    now: app.config.now(),
    lifetimeSeconds: app.config.sessionLifetimeSeconds,
    secondFactorPassed: true,
  });

async function createUser(app: FastifyInstance, role: Role, propertyId: string | null): Promise<WorldUser> {
  const [row] = await app.db
    .insert(users)
    .values({
      firstName: 'Guard',
      lastName: role,
      email: guardEmail(),
      role,
      propertyId,
      phoneNumber: '+15555550123',
      passwordHash: UNUSED_PASSWORD_HASH,
    })
    .returning({ id: users.id });
  const session = await openSession(app, row.id);
  const user = { id: row.id, role, propertyId, sessionId: session.id, sessionExpiresAt: session.expiresAt, token: '' };
  user.token = await app.tokens.issue(subject(user));
  return user;
}
