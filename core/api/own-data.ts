import { z } from 'zod';
import { idSchema } from './common';

/** The words of "Download my data" and of erasing a person (issue 30, docs/decisions/0051). */
export const OWN_DATA_MESSAGES = {
  downloadTitle: 'Your data',
  downloadHint:
    'Everything Gatehouse holds about you, as one JSON file: your profile, sign-ins, passkeys, cards, visitors, passes, gate events and the changes made by you or to your account.',
  downloadButton: 'Download my data',
  downloaded: 'Your data was downloaded',
  eraseAction: 'Erase person',
  eraseTitle: 'Erase this person?',
  eraseWarning: (name: string) =>
    `${name}'s account, sign-ins, passkeys, cards, PIN, visitors and passes will be deleted. In gate events and the activity trail their name, email and phone become "Erased person #…"; the events themselves stay and are still counted. This cannot be undone.`,
  eraseConfirm: 'Erase for good',
  erased: (label: string) => `The person was erased; they now appear as ${label}.`,
  cannotEraseSelf: 'You cannot erase your own account',
  trailBroken: (entryId: string) =>
    `The activity trail fails its check at entry ${entryId}; erasing now would hide that. Run npm run audit:verify and resolve it first.`,
} as const;

/** The words that stand for an erased person wherever their name, email or phone was. */
export const erasedPersonLabel = (n: number) => `Erased person #${n}`;
/** What stands for an erased person's visitors and delivery people (their passes went with them). */
export const erasedVisitorLabel = (n: number) => `Visitor of ${erasedPersonLabel(n)}`;

export const eraseParams = z.strictObject({ userId: idSchema });
export const eraseResponse = z.object({ message: z.string(), label: z.string() });

const when = z.string().nullable();
/** Beside each machine time (ISO, UTC): the same instant as a person reads it, on the property's clock. */
const readable = z.string().nullable();

/** GET /api/profile/export: one person's data, without secrets (no hashes, PIN, keys or tokens). */
export const ownDataExport = z.object({
  exportedAt: z.string(),
  /** The clock the readable times are on: the person's property's. */
  timeZone: z.string(),
  exportedAtReadable: readable,
  /** Set when the newest MAX_EXPORT_ROWS gate events or trail entries are all the file holds. */
  olderEntriesLeftOut: z.string().optional(),
  profile: z.object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    role: z.string(),
    property: z.object({ _id: z.string(), propertyName: z.string(), propertyLocation: z.string() }).nullable(),
    preferences: z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() }),
    securePinSet: z.boolean(),
    authenticatorApp: z.boolean(),
    suspended: z.boolean(),
    suspendedReason: z.string().nullable(),
    accessFrom: z.string().nullable(),
    accessUntil: z.string().nullable(),
    createdAt: z.string(),
    createdAtReadable: readable,
  }),
  /** The access groups they are in: which gates, at what hours (property time). */
  accessGroups: z.array(z.object({ name: z.string(), gates: z.array(z.string()), hours: z.string() })),
  sessions: z.array(
    z.object({
      _id: z.string(),
      label: z.string(),
      address: z.string(),
      createdAt: z.string(),
      createdAtReadable: readable,
      lastSeenAt: z.string(),
      lastSeenAtReadable: readable,
      expiresAt: z.string(),
      expiresAtReadable: readable,
      endedAt: when,
      endedAtReadable: readable,
    }),
  ),
  passkeys: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      transports: z.array(z.string()),
      createdAt: z.string(),
      createdAtReadable: readable,
      lastUsedAt: when,
      lastUsedAtReadable: readable,
    }),
  ),
  pushSubscriptions: z.array(
    z.object({
      _id: z.string(),
      label: z.string(),
      createdAt: z.string(),
      createdAtReadable: readable,
      lastSuccessAt: when,
      lastSuccessAtReadable: readable,
    }),
  ),
  cards: z.array(
    z.object({
      _id: z.string(),
      hint: z.string(),
      label: z.string(),
      enabled: z.boolean(),
      lastUsedAt: when,
      lastUsedAtReadable: readable,
      createdAt: z.string(),
      createdAtReadable: readable,
    }),
  ),
  visitors: z.array(
    z.object({
      _id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phoneNumber: z.string().nullable(),
      createdAt: z.string(),
      createdAtReadable: readable,
      passes: z.array(
        z.object({
          _id: z.string(),
          qrType: z.string(),
          qrTypeWords: z.string(),
          startDate: z.string(),
          startDateReadable: readable,
          endDate: when,
          endDateReadable: readable,
          lifetimeValidity: z.boolean(),
          recurringDays: z.array(z.unknown()),
          multipleDays: z.array(z.unknown()),
          qrNotification: z.boolean(),
          gateIds: z.array(z.string()).nullable(),
          createdAt: z.string(),
          createdAtReadable: readable,
        }),
      ),
    }),
  ),
  deliveryPasses: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      company: z.string(),
      startsAt: z.string(),
      startsAtReadable: readable,
      endsAt: z.string(),
      endsAtReadable: readable,
      usesAllowed: z.number(),
      usesTaken: z.number(),
      notify: z.boolean(),
      cancelledAt: when,
      cancelledAtReadable: readable,
      createdAt: z.string(),
      createdAtReadable: readable,
    }),
  ),
  gateEvents: z.array(
    z.object({
      _id: z.string(),
      at: z.string(),
      atReadable: readable,
      /** "you": they opened it; "your pass": someone came in on a pass they made. */
      by: z.enum(['you', 'your pass']),
      status: z.string(),
      reason: z.string().nullable(),
      credential: z.string().nullable(),
      credentialWords: z.string().nullable(),
      gate: z.string().nullable(),
      property: z.string().nullable(),
      visitor: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
    }),
  ),
  /** The gate intercom: their directory listing and the calls they received (no photo bytes). */
  intercom: z.object({
    listing: z.object({
      listed: z.boolean(),
      hiddenByManager: z.boolean(),
      /** What they chose in Profile; null: the default. */
      displayName: z.string().nullable(),
      /** The name a reader shows for them. */
      shownAs: z.string(),
    }),
    calls: z.array(
      z.object({
        _id: z.string(),
        at: z.string(),
        atReadable: readable,
        gate: z.string(),
        displayName: z.string(),
        outcome: z.string(),
        answeredAt: when,
        answeredAtReadable: readable,
        endedAt: when,
        endedAtReadable: readable,
        opened: z.boolean(),
        openedAt: when,
        openedAtReadable: readable,
        photoExists: z.boolean(),
      }),
    ),
  }),
  activity: z.array(
    z.object({
      _id: z.string(),
      at: z.string(),
      atReadable: readable,
      actor: z.object({ role: z.string(), name: z.string() }),
      action: z.string(),
      summary: z.string(),
      object: z.object({ kind: z.string(), _id: z.string().nullable() }),
      changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
      /** Only on their own actions: another person's address is theirs, not this person's. */
      ip: z.string().nullable().optional(),
      userAgent: z.string().nullable().optional(),
    }),
  ),
});
export type OwnDataExport = z.infer<typeof ownDataExport>;
