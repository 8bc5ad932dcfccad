import crypto from 'node:crypto';
import { ALWAYS } from '@core/rules/schedule';
import { createDeliveryPass } from '../../server/delivery/delivery-pass-queries';
import { cards } from '../../server/gate-credentials/card-tables';
import { createAccountToken } from '../../server/identity/account-tokens';
import { passkeys } from '../../server/identity/identity-tables';
import { intercomCallPhotos, intercomCalls, intercomListings } from '../../server/intercom/intercom-tables';
import { sha256Hex } from '../../server/platform/crypto/keys';
import { accessGroupMembers, accessGroups } from '../../server/property-rules/property-rule-tables';
import { pushSubscriptions } from '../../server/push/push-tables';
import { newPassLink } from '../../server/visitors/visitor-pass-link';
import { qrCodes, visitors } from '../../server/visitors/visitor-tables';
import { newWebhookSecret, sealWebhookSecret } from '../../server/webhooks/webhook-secrets';
import { insertDelivery, insertEndpoint } from '../../server/webhooks/webhook-store';
import { type GuardWorld, guardEmail } from './guard-world';

/** The kinds of record a route's input can name; each is created in property A. */
export type RecordKind =
  | 'property'
  | 'user'
  | 'visitor'
  | 'qrCode'
  | 'device'
  | 'resetToken'
  | 'inviteToken'
  | 'session'
  | 'passkey'
  | 'card'
  | 'deliveryPass'
  | 'pendingSignIn'
  | 'pushSubscription'
  | 'accessGroup'
  | 'apiKey'
  | 'webhook'
  | 'webhookDelivery'
  | 'intercomCall'
  | 'directoryEntry';

export interface SeededRecord {
  id: string;
  /** Owned by the resident of A (visitors, QR codes, their own account) rather than by the property. */
  owned: boolean;
}

/**
 * Which record an input field names. Looked up as `METHOD /url field`, then `resource.field`
 * (resource = the path segment after /api/), then `field`. A route whose id field is missing
 * here fails the generated suites with the key to add.
 */
export const FIELD_RECORDS: Record<string, RecordKind> = {
  propertyId: 'property',
  property: 'property',
  PID: 'property',
  userId: 'user',
  UID: 'user',
  visitorId: 'visitor',
  qrId: 'qrCode',
  qrCodeId: 'qrCode',
  deviceId: 'device',
  sessionId: 'session',
  passkeyId: 'passkey',
  cardId: 'card',
  groupId: 'accessGroup',
  keyId: 'apiKey',
  gateIds: 'device',
  memberIds: 'user',
  passId: 'deliveryPass',
  subscriptionId: 'pushSubscription',
  callId: 'intercomCall',
  directoryId: 'directoryEntry',
  pendingToken: 'pendingSignIn',
  webhookId: 'webhook',
  deliveryId: 'webhookDelivery',
  'device.id': 'device',
  'device._id': 'device',
  'property._id': 'property',
  'resident._id': 'user',
  'visitor._id': 'visitor',
  'POST /api/resident/register _id': 'property',
  'POST /api/resident/verify-email _id': 'inviteToken',
  'resident.token': 'resetToken',
  'GET /api/resident/validate-invitation/:token token': 'inviteToken',
  'PUT /api/visitor/visitors-qr/:visitorId/qr-notification _id': 'qrCode',
  'PUT /api/visitor/visitors-qr/:visitorId/update-qrcodes _id': 'qrCode',
};

export function recordKindFor(route: { method: string; url: string }, field: string): RecordKind | undefined {
  const resource = route.url.split('/')[2];
  return (
    FIELD_RECORDS[`${route.method} ${route.url} ${field}`] ??
    FIELD_RECORDS[`${resource}.${field}`] ??
    FIELD_RECORDS[field]
  );
}

export const registryKeysFor = (route: { method: string; url: string }, field: string) =>
  `"${field}", "${route.url.split('/')[2]}.${field}" or "${route.method} ${route.url} ${field}"`;

/** A live link token of the resident of A; the "id" is the token itself, as the link carries it. */
async function accountToken(world: GuardWorld, kind: 'reset' | 'invite'): Promise<SeededRecord> {
  const now = world.app.config.now();
  const token = await createAccountToken(world.app.db, { userId: world.owner.id, kind, now, lifetimeMs: 600_000 });
  return { id: token, owned: false };
}

type Seeder = (world: GuardWorld, seeds: CaseSeeds) => Promise<SeededRecord>;

const SEEDERS: Record<RecordKind, Seeder> = {
  property: async (world) => ({ id: world.propertyA, owned: false }),
  user: async (world) => ({ id: world.owner.id, owned: true }),
  device: async (world) => ({ id: (await world.device()).id, owned: false }),
  resetToken: (world) => accountToken(world, 'reset'),
  inviteToken: (world) => accountToken(world, 'invite'),
  // The resident of A between the password and the second factor; the "id" is the token itself.
  pendingSignIn: async (world) => ({ id: await world.app.pendingSignIns.issue(world.owner.id), owned: true }),
  // Another signed-in browser of the resident of A.
  session: async (world) => ({ id: await world.anotherSession(world.owner), owned: true }),
  passkey: async (world) => {
    const [row] = await world.app.db
      .insert(passkeys)
      .values({
        userId: world.owner.id,
        name: 'Laptop',
        credentialId: crypto.randomUUID(),
        publicKey: 'cHVibGlj',
        signCount: 0,
        transports: ['internal'],
      })
      .returning({ id: passkeys.id });
    return { id: row.id, owned: true };
  },
  // A call ringing the resident of A from a gate of A.
  intercomCall: async (world) => {
    const device = await world.device();
    const now = world.app.config.now();
    const [row] = await world.app.db
      .insert(intercomCalls)
      .values({
        propertyId: world.propertyA,
        deviceId: device.id,
        gateName: 'Guard gate',
        calleeUserId: world.owner.id,
        displayName: 'Guard R.',
        startedAt: now,
        ringUntil: new Date(now.getTime() + 30_000),
        readerSeenAt: now,
      })
      .returning({ id: intercomCalls.id });
    // Its still, so the photo route has one to show.
    await world.app.db.insert(intercomCallPhotos).values({
      callId: row.id,
      propertyId: world.propertyA,
      jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
      takenAt: now,
    });
    return { id: row.id, owned: true };
  },
  // The directory entry of the resident of A.
  directoryEntry: async (world) => {
    const [row] = await world.app.db
      .insert(intercomListings)
      .values({ userId: world.owner.id })
      .onConflictDoNothing()
      .returning({ id: intercomListings.id });
    return { id: row?.id ?? crypto.randomUUID(), owned: true };
  },
  // A device of the resident of A with notifications on.
  pushSubscription: async (world) => {
    const [row] = await world.app.db
      .insert(pushSubscriptions)
      .values({
        userId: world.owner.id,
        endpointHash: crypto.randomUUID(),
        subscriptionSealed: 'sealed',
        label: 'Chrome on Android',
      })
      .returning({ id: pushSubscriptions.id });
    return { id: row.id, owned: true };
  },
  // A fob of the resident of A; the property's managers run it (not owned by the resident).
  card: async (world) => {
    const [row] = await world.app.db
      .insert(cards)
      .values({
        propertyId: world.propertyA,
        userId: world.owner.id,
        lookupHash: crypto.randomUUID(),
        hint: 'FC 1, card …001',
      })
      .returning({ id: cards.id });
    return { id: row.id, owned: false };
  },
  // A key of property A (its managers run it).
  apiKey: async (world) => ({ id: (await world.apiKey(['visitors:read'], 'A')).id, owned: false }),
  // A group of property A that its resident is in (its managers run it, not owned by the resident).
  accessGroup: async (world) => {
    const [row] = await world.app.db
      .insert(accessGroups)
      .values({ propertyId: world.propertyA, name: `Guard group ${crypto.randomUUID()}`, schedule: ALWAYS })
      .returning({ id: accessGroups.id });
    await world.app.db.insert(accessGroupMembers).values({ groupId: row.id, userId: world.owner.id });
    return { id: row.id, owned: false };
  },
  // A delivery pass the resident of A made for a courier (owned: their managers may cancel it too).
  deliveryPass: async (world) => {
    const row = await createDeliveryPass(
      world.app.db,
      world.app.config.secret,
      {
        propertyId: world.propertyA,
        createdBy: world.owner.id,
        name: '',
        company: '',
        hours: 2,
        uses: 1,
        notify: false,
      },
      world.app.config.now(),
    );
    return { id: row.id, owned: true };
  },
  // A webhook endpoint of property A (its managers run it).
  webhook: async (world) => {
    const row = await insertEndpoint(world.app.db, {
      propertyId: world.propertyA,
      url: 'https://hooks.example.com/in',
      description: '',
      events: ['gate.opened'],
      secretSealed: sealWebhookSecret(world.app.config.secret, newWebhookSecret()),
    });
    return { id: row.id, owned: false };
  },
  // A delivery of that endpoint, whose attempts "Send again" adds to.
  webhookDelivery: async (world, seeds) => {
    const endpoint = await seeds.get('webhook');
    const id = await insertDelivery(world.app.db, {
      endpointId: endpoint.id,
      eventId: crypto.randomUUID(),
      eventType: 'gate.opened',
      body: { type: 'gate.opened', timestamp: world.app.config.now().toISOString(), data: {} },
      createdAt: world.app.config.now(),
    });
    return { id, owned: false };
  },
  visitor: async (world) => {
    const [row] = await world.app.db
      .insert(visitors)
      .values({
        firstName: 'Vera',
        lastName: 'Visitor',
        email: guardEmail(),
        propertyId: world.propertyA,
        createdBy: world.owner.id,
      })
      .returning({ id: visitors.id });
    return { id: row.id, owned: true };
  },
  qrCode: async (world, seeds) => {
    const visitor = await seeds.get('visitor');
    const now = world.app.config.now();
    const token = crypto.randomUUID();
    const [row] = await world.app.db
      .insert(qrCodes)
      .values({
        visitorId: visitor.id,
        propertyId: world.propertyA,
        createdBy: world.owner.id,
        tokenHash: sha256Hex(token),
        // Sealed as a registration seals them, so routes that share a pass find something to share.
        ...newPassLink(world.app.config.secret, token).columns,
        qrFirstName: 'Vera',
        qrLastName: 'Visitor',
        qrType: 'betweenDates',
        startDate: now,
        endDate: new Date(now.getTime() + 24 * 3600 * 1000),
      })
      .returning({ id: qrCodes.id });
    return { id: row.id, owned: true };
  },
};

/** The records one case seeded, each kind created once so related fields agree (a visitor's QR code). */
export class CaseSeeds {
  private readonly made = new Map<RecordKind, Promise<SeededRecord>>();

  constructor(readonly world: GuardWorld) {}

  get(kind: RecordKind): Promise<SeededRecord> {
    let record = this.made.get(kind);
    if (!record) {
      record = SEEDERS[kind](this.world, this);
      this.made.set(kind, record);
    }
    return record;
  }

  /** Ids of everything in property A this case created: no caller of property B may see one. */
  async idsOfPropertyA(): Promise<string[]> {
    const records = await Promise.all(this.made.values());
    return [this.world.propertyA, this.world.owner.id, ...records.map((record) => record.id)];
  }

  /** Whether the request touches a record the resident of A owns. */
  async touchesOwnedRecord(): Promise<boolean> {
    const records = await Promise.all(this.made.values());
    return records.some((record) => record.owned);
  }
}
