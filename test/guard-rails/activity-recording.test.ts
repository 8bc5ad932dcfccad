import crypto from 'node:crypto';
import { actionKind } from '@core/activity/activity-actions';
import type { Role } from '@core/roles';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../server/accounts/account-tables';
import { declaredActions } from '../../server/activity/activity-declaration';
import type { DeclaredRoute } from '../../server/authorization/route-permissions';
import { passkeys } from '../../server/identity/identity-tables';
import { hashPassword } from '../../server/identity/passwords';
import { rowsOf } from '../../server/platform/db/rows';
import { properties } from '../../server/property-records/property-tables';
import { authenticatorCode, wrongCode } from '../support/authenticator-app';
import { SoftwareAuthenticator } from '../support/software-authenticator';
import { createTestApp } from '../support/test-app';
import { GuardWorld, SLOW_TEST_MS, type WorldUser } from './guard-world';
import { allowedCaller } from './identities';
import { sweepMutations } from './input-breakers';
import { applyMutation, type RequestInputs } from './input-mutation';
import { expectedRefusal } from './input-verdict';
import { buildRouteRequest, requestUrl } from './route-request';
import { CaseSeeds } from './seeding-registry';

/**
 * Generated from the route table, as the authorization matrix: every route that declares what it
 * records is called once as a caller it lets in (one entry, naming that caller and the object),
 * once as a caller it refuses and once with broken input (no entry), and the whole trail is
 * scanned for every secret the calls carried.
 */
const t = await createTestApp();
afterAll(() => t.close());

const declarations = new Map(t.app.activityCatalog.map((route) => [`${route.method} ${route.url}`, route.activity]));
const recorded = t.app.routeCatalog.filter(
  (route) => declaredActions(declarations.get(`${route.method} ${route.url}`)).length > 0,
);
const actionsOf = (route: DeclaredRoute) => declaredActions(declarations.get(`${route.method} ${route.url}`));

/**
 * Public routes whose generated call cannot succeed (it needs a password, code or passkey the
 * guard world has not got): their successful call is tested where named.
 */
const SUCCESS_TESTED_ELSEWHERE: Record<string, string> = {
  'POST /api/resident/login': 'server/activity/activity-trail.test.ts',
  'POST /api/resident/login/second-factor': 'the two-step case below',
  'POST /api/second-factor/totp/confirm': 'the two-step case below',
  'POST /api/second-factor/turn-off': 'the two-step case below',
  // Need a WebAuthn authenticator's signed answer: the software authenticator of the passkey case below.
  'POST /api/resident/login/passkey': 'the passkey case below',
  'POST /api/second-factor/passkeys': 'the passkey case below',
  'POST /api/resident/request-password-reset': 'the password reset case below',
  // Needs the OpenID provider's signed answer to a sign-in it started: the provider run by that test.
  'GET /api/auth/oidc/callback': 'server/sso/single-sign-on.test.ts',
};

type Preparation = (world: GuardWorld, inputs: RequestInputs, caller: WorldUser | null) => Promise<RequestInputs>;
const withBody = (inputs: RequestInputs, body: Record<string, unknown>) => ({
  ...inputs,
  body: { ...(inputs.body as object), ...body },
});

/** What a generated call needs to succeed beyond seeded records: a known password, a change to make. */
const PREPARATIONS: Record<string, Preparation> = {
  'POST /api/profile/change-password': async (_, inputs, caller) => {
    // Values found nowhere else, so the scan of the trail below means something.
    const currentPassword = `Current ${crypto.randomUUID()}`;
    const passwordHash = await hashPassword(currentPassword, t.app.config.passwordHashMemoryKib);
    await t.app.db
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, (caller as WorldUser).id));
    return withBody(inputs, { currentPassword, newPassword: `New ${crypto.randomUUID()}` });
  },
  'POST /api/property/delete': async (_, inputs) => {
    const [empty] = await t.app.db
      .insert(properties)
      .values({ propertyName: `Empty ${crypto.randomUUID()}`, propertyLocation: 'Nowhere' })
      .returning({ id: properties.id });
    return withBody(inputs, { _id: empty.id });
  },
  'POST /api/property/update': async (_, inputs) =>
    withBody(inputs, { propertyName: `Renamed ${crypto.randomUUID()}` }),
  'POST /api/property/register': async (_, inputs) => withBody(inputs, { propertyName: `New ${crypto.randomUUID()}` }),
  'PATCH /api/cards/:cardId': async (_, inputs) => withBody(inputs, { label: 'Relabelled fob' }),
  'DELETE /api/properties/:propertyId/lockdown': async (world, inputs) => {
    const admin = await world.user('admin', 'A');
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${world.propertyA}/lockdown`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { reason: 'Guard rails' },
    });
    expect(started.statusCode).toBe(201);
    return inputs;
  },
};

interface Entry {
  seq: number;
  action: string;
  actor_id: string | null;
  actor_role: string;
  object_kind: string;
  object_id: string | null;
  property_id: string | null;
  request_id: string | null;
}

const lastSeq = async () =>
  rowsOf<{ seq: string | null }>(await t.app.db.execute(sql`select max(seq)::text as seq from activity`))[0].seq ?? '0';
const entriesAfter = async (seq: string) =>
  rowsOf<Entry>(await t.app.db.execute(sql`select * from activity where seq > ${seq}::bigint order by seq`));

/** Every value the calls carried that the trail must never hold. */
const secretsUsed = new Map<string, string>();
const SECRET_KEY = /password|pin|token|key|secret|code|credential|endpoint|auth|p256dh|^number$/i;
/** A row's id is named in the trail on purpose (`qrCodeId` is the pass's row, not its code). */
const ROW_ID = /Id$/;
function collectSecrets(value: unknown, key = '') {
  if (typeof value === 'string') {
    if (SECRET_KEY.test(key) && !ROW_ID.test(key) && value.length > 6) secretsUsed.set(value, key);
  } else if (value && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) collectSecrets(item, Array.isArray(value) ? key : name);
  }
}

let clientNumber = 0;
const nextClient = () => `10.77.${(++clientNumber >> 8) & 255}.${clientNumber & 255}`;

async function send(route: DeclaredRoute, inputs: RequestInputs, headers: Record<string, string>) {
  collectSecrets(headers);
  collectSecrets(inputs.body);
  collectSecrets(inputs.params);
  const response = await t.app.inject({
    method: route.method as 'POST',
    url: requestUrl(route, inputs.params, inputs.query),
    headers: { ...headers, 'user-agent': 'trail-suite' },
    remoteAddress: nextClient(),
    ...(inputs.body === undefined ? {} : { payload: inputs.body as object }),
  });
  if (response.headers['content-type']?.toString().includes('json')) collectSecrets(response.json());
  return response;
}

/** A signed-in caller of property A the route refuses: a role it does not let in, or another's record. */
async function refusedCaller(world: GuardWorld, route: DeclaredRoute): Promise<WorldUser | null> {
  const permission = route.permission;
  if (permission.kind !== 'user') return null;
  const outsideRole = (['resident', 'admin'] as Role[]).find((role) => !permission.roles.includes(role));
  if (outsideRole) return world.user(outsideRole, 'A');
  if (permission.selfOnly) return world.user('resident', 'A');
  if (permission.scope) return world.user(permission.roles.includes('admin') ? 'admin' : 'resident', 'B');
  return null;
}

describe('the activity trail of every route that declares what it records', () => {
  it('finds the routes', () => expect(recorded.length).toBeGreaterThan(40));

  for (const route of recorded) {
    const name = `${route.method} ${route.url}`;
    it(
      name,
      async () => {
        const world = await GuardWorld.create(t.app);
        const request = await buildRouteRequest(route, new CaseSeeds(world));
        expect(request.problems).toEqual([]);
        const { user, headers } = await allowedCaller(world, route);
        const generated: RequestInputs = { params: request.params, query: request.query, body: request.body };
        const base = (await PREPARATIONS[name]?.(world, generated, user)) ?? generated;

        // Refused first, so the record they name still stands for the successful call.
        const refused = await refusedCaller(world, route);
        if (refused) {
          const before = await lastSeq();
          const answer = await send(route, base, { authorization: `Bearer ${refused.token}` });
          expect([403, 404], answer.body.slice(0, 200)).toContain(answer.statusCode);
          expect(await entriesAfter(before), `${refused.role} refused`).toEqual([]);
        }
        const broken = sweepMutations(route, base).find((mutation) => {
          const refusal = expectedRefusal(route, applyMutation(base, mutation), mutation);
          return refusal !== null && !('failure' in refusal);
        });
        if (broken) {
          const before = await lastSeq();
          const answer = await send(route, applyMutation(base, broken), headers);
          expect(answer.statusCode, answer.body.slice(0, 200)).toBe(400);
          expect(await entriesAfter(before), 'bad input').toEqual([]);
        }

        const before = await lastSeq();
        const answer = await send(route, base, headers);
        const added = await entriesAfter(before);
        const succeeded = answer.statusCode >= 200 && answer.statusCode < 300;
        if (!succeeded || (SUCCESS_TESTED_ELSEWHERE[name] && !added.length)) {
          expect(
            SUCCESS_TESTED_ELSEWHERE[name],
            `answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`,
          ).toBeDefined();
          // A refused sign-in step of a known account is itself recorded; nothing else is.
          expect(added.filter((entry) => !entry.action.endsWith('-failed'))).toEqual([]);
          expect(added.length).toBeLessThanOrEqual(1);
          return;
        }
        expect(added, answer.body.slice(0, 300)).toHaveLength(1);
        const [entry] = added;
        const actor = user ?? world.owner;
        expect(actionsOf(route)).toContain(entry.action);
        expect(entry).toMatchObject({
          actor_id: actor.id,
          actor_role: actor.role,
          object_kind: actionKind(entry.action),
          request_id: answer.headers['x-request-id'],
        });
        const named = JSON.stringify(base) + answer.body;
        if (entry.object_id !== null)
          expect(
            named.includes(entry.object_id) || entry.object_id === actor.id,
            `object ${entry.object_id} is one the call named, answered or its caller`,
          ).toBe(true);
        else expect(['person.bulk-upload', 'gate-log.export', 'activity.export']).toContain(entry.action);
        const scoped = route.permission.kind === 'user' && route.permission.scope && !route.permission.selfOnly;
        const properties = scoped
          ? [world.propertyA]
          : [world.propertyA, actor.propertyId, entry.object_kind === 'property' ? entry.object_id : undefined];
        expect(properties, `property of ${entry.object_kind}`).toContain(entry.property_id);
      },
      SLOW_TEST_MS,
    );
  }

  it('records a two-step sign-in that succeeds once, and the wrong code once', async () => {
    const world = await GuardWorld.create(t.app);
    const owner = { authorization: `Bearer ${world.owner.token}` };
    const setup = await t.app.inject({ method: 'POST', url: '/api/second-factor/totp/setup', headers: owner });
    const { secret } = setup.json() as { secret: string };
    secretsUsed.set(secret, 'totpSecret');
    const seqBeforeConfirm = await lastSeq();
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/second-factor/totp/confirm',
      headers: owner,
      payload: { code: await authenticatorCode(t, secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    collectSecrets(confirm.json());
    const [enrolled] = await entriesAfter(seqBeforeConfirm);
    expect(enrolled).toMatchObject({ action: 'account.totp-enrolled', actor_id: world.owner.id });
    const route = recorded.find((each) => each.url === '/api/resident/login/second-factor') as DeclaredRoute;
    const signIn = async (code: string) =>
      send(
        route,
        { params: {}, query: {}, body: { pendingToken: await t.app.pendingSignIns.issue(world.owner.id), code } },
        {},
      );
    const before = await lastSeq();
    expect((await signIn(await wrongCode(t, secret))).statusCode).toBe(401);
    t.clock.advance(31_000);
    const signedIn = await signIn(await authenticatorCode(t, secret));
    expect(signedIn.statusCode).toBe(200);
    t.clock.advance(31_000);
    const turnOff = await send(
      recorded.find((each) => each.url === '/api/second-factor/turn-off') as DeclaredRoute,
      { params: {}, query: {}, body: { code: await authenticatorCode(t, secret) } },
      { authorization: `Bearer ${signedIn.json().token}` },
    );
    expect(turnOff.statusCode, turnOff.body).toBe(200);
    const added = await entriesAfter(before);
    expect(added.map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['account.second-factor-failed', world.owner.id],
      ['account.second-factor', world.owner.id],
      ['account.second-factor-removed', world.owner.id],
    ]);
  });

  it('records a passkey added and a passkey sign-in, once each, naming the person and no key material', async () => {
    const world = await GuardWorld.create(t.app);
    const owner = world.owner;
    const routeOf = (url: string) => recorded.find((each) => each.url === url) as DeclaredRoute;
    const post = (url: string, body: object, headers: Record<string, string> = {}) =>
      send(routeOf(url), { params: {}, query: {}, body }, headers);
    const key = new SoftwareAuthenticator(new URL(t.app.config.appUrl).hostname);
    const origin = new URL(t.app.config.appUrl).origin;
    const bearerOf = { authorization: `Bearer ${owner.token}` };
    const options = await t.app.inject({
      method: 'POST',
      url: '/api/second-factor/passkeys/options',
      headers: bearerOf,
    });
    expect(options.statusCode, options.body).toBe(200);
    const registration = key.register(options.json().options, origin);
    // The authenticator's answers: the trail may name the passkey, never what proves it.
    const keyMaterial = [registration.response.attestationObject, registration.response.clientDataJSON];
    const beforeAdd = await lastSeq();
    const added = await post('/api/second-factor/passkeys', { name: 'Hall key', credential: registration }, bearerOf);
    expect(added.statusCode, added.body).toBe(200);
    const [stored] = await t.app.db.select().from(passkeys).where(eq(passkeys.userId, owner.id));
    keyMaterial.push(stored.publicKey);

    const pendingToken = await t.app.pendingSignIns.issue(owner.id);
    const challenge = await t.app.inject({
      method: 'POST',
      url: '/api/resident/login/passkey/options',
      payload: { pendingToken },
    });
    expect(challenge.statusCode, challenge.body).toBe(200);
    const answer = key.authenticate(challenge.json().options, origin);
    keyMaterial.push(answer.response.signature, answer.response.authenticatorData, pendingToken);
    const signedIn = await post('/api/resident/login/passkey', { pendingToken, credential: answer });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    keyMaterial.push(signedIn.json().token);

    const entries = rowsOf<Entry & { summary: string; changes: unknown }>(
      await t.app.db.execute(sql`select * from activity where seq > ${beforeAdd}::bigint order by seq`),
    );
    expect(
      entries.map((entry) => [entry.action, entry.actor_id, entry.object_kind, entry.object_id, entry.property_id]),
    ).toEqual([
      ['account.passkey-added', owner.id, 'account', owner.id, world.propertyA],
      ['account.second-factor', owner.id, 'account', owner.id, world.propertyA],
    ]);
    expect(entries[0].changes).toEqual({ passkey: { before: null, after: 'Hall key' } });
    expect(entries[1].summary).toMatch(/signed in with a passkey$/);
    const trail = rowsOf<{ row: string }>(
      await t.app.db.execute(sql`select t::text as row from activity t where seq > ${beforeAdd}::bigint`),
    )
      .map((row) => row.row)
      .join('\n');
    expect(keyMaterial.filter((secret) => trail.includes(secret))).toEqual([]);
    for (const secret of keyMaterial) secretsUsed.set(secret, 'passkey');
  });

  it('records a password reset asked for a known email, and nothing for an unknown one', async () => {
    const world = await GuardWorld.create(t.app);
    const [owner] = rowsOf<{ email: string }>(
      await t.app.db.execute(sql`select email from users where id = ${world.owner.id}`),
    );
    const route = recorded.find((each) => each.url === '/api/resident/request-password-reset') as DeclaredRoute;
    const before = await lastSeq();
    for (const email of ['nobody.here@example.com', owner.email]) {
      expect((await send(route, { params: {}, query: {}, body: { email } }, {})).statusCode).toBe(200);
    }
    expect((await entriesAfter(before)).map((entry) => [entry.action, entry.actor_id, entry.object_id])).toEqual([
      ['account.password-reset-requested', world.owner.id, world.owner.id],
    ]);
  });

  it('holds none of the secrets the calls carried or answered, in any column', async () => {
    expect(secretsUsed.size).toBeGreaterThan(10);
    const rows = rowsOf<{ row: string }>(await t.app.db.execute(sql`select t::text as row from activity t`));
    const trail = rows.map((row) => row.row).join('\n');
    expect([...secretsUsed].filter(([secret]) => trail.includes(secret))).toEqual([]);
  });
});
