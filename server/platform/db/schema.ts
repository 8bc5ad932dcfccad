import type { Weekday } from '@core/constants';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// Relative, not '@core': drizzle-kit loads this file without the path alias.
import { RELAY_DRIVERS } from '../../../core/api/devices';
import { LOG_STATUSES } from '../../../core/constants';
import { GATE_CREDENTIALS } from '../../../core/gate-credentials';
import type { AccessSchedule } from '../../../core/rules/schedule';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
// Stored, not computed per row: a broad search rechecks (or scans) tens of thousands of rows to
// count them, and lower() of the concatenation was most of that cost.
const searchText = () =>
  text('search_text').generatedAlwaysAs(sql`lower(first_name || ' ' || last_name || ' ' || email)`);

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyName: text('property_name').notNull(),
    propertyLocation: text('property_location').notNull(),
    propertyFeatures: text('property_features').array().notNull().default(sql`'{qr}'::text[]`),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    /** Its property managers must enrol a second factor before using the app. */
    managersNeedSecondFactor: boolean('managers_need_second_factor').notNull().default(false),
    /** Months its gate events are kept; the daily upkeep removes older ones (server/relay-logs/gate-log-retention.ts). */
    gateEventRetentionMonths: integer('gate_event_retention_months').notNull().default(24),
    /** Months its activity trail is kept; never under a year. */
    activityRetentionMonths: integer('activity_retention_months').notNull().default(84),
    createdAt: createdAt(),
  },
  (t) => [
    check('properties_gate_event_retention_range', sql`${t.gateEventRetentionMonths} between 1 and 1200`),
    check('properties_activity_retention_range', sql`${t.activityRetentionMonths} between 12 and 1200`),
    index('properties_name_idx').on(t.propertyName),
    // One property per name and location, ignoring case and runs of spaces (pickers list both).
    uniqueIndex('properties_name_location_unique').on(
      sql`lower(regexp_replace(btrim(${t.propertyName}), '\\s+', ' ', 'g'))`,
      sql`lower(regexp_replace(btrim(${t.propertyLocation}), '\\s+', ' ', 'g'))`,
    ),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    role: text('role', { enum: ['resident', 'admin', 'superadmin'] }).notNull(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'restrict' }),
    /** Null until the invited user sets a password. */
    passwordHash: text('password_hash'),
    prefEmail: boolean('pref_email').notNull().default(false),
    prefSms: boolean('pref_sms').notNull().default(false),
    /** Push to the devices they turned notifications on for; subscribing a device is the opt-in. */
    prefPush: boolean('pref_push').notNull().default(true),
    /** Each push event's own switch (docs/decisions/0054); the ones before these follow prefPush alone. */
    pushGateFailed: boolean('push_gate_failed').notNull().default(true),
    pushKeypadLocked: boolean('push_keypad_locked').notNull().default(true),
    pushLockdown: boolean('push_lockdown').notNull().default(true),
    /** The gate the app opens on in one tap; forgotten when the gate is removed. */
    favouriteDeviceId: uuid('favourite_device_id').references((): AnyPgColumn => devices.id, { onDelete: 'set null' }),
    /** AES-256-GCM ciphertext of the 6-digit PIN; never stored in plain text. */
    securePinEncrypted: text('secure_pin_encrypted'),
    /** Keyed HMAC of the PIN, for lookup at a keypad and uniqueness within a property. */
    securePinHmac: text('secure_pin_hmac'),
    /** When set, the second factor is sealed here (TOTP secret) and sign-in asks for it. */
    totpSecretSealed: text('totp_secret_sealed'),
    /** The last TOTP time step accepted, so a code works once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Suspended by a manager (docs/decisions/0044): sessions ended, credentials and passes refused. */
    suspended: boolean('suspended').notNull().default(false),
    suspendedReason: text('suspended_reason'),
    /** Move-in and move-out: the first and last day (the property's calendar) this person may enter. */
    accessFrom: date('access_from', { mode: 'string' }),
    accessUntil: date('access_until', { mode: 'string' }),
    /** May open during a lockdown; null: the role decides (property managers may). */
    opensDuringLockdown: boolean('opens_during_lockdown'),
    createdAt: createdAt(),
    searchText: searchText(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_property_pin_unique').on(t.propertyId, t.securePinHmac),
    // A property's residents newest first, id breaking ties: the dashboard's keyset pages read it in order.
    index('users_property_idx').on(t.propertyId, t.createdAt, t.id),
    index('users_role_idx').on(t.role),
    // Dashboard order (newest first) without a property filter: scanned backward, page N reads
    // the first N pages of the index instead of sorting the table.
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * RFID cards and fobs of a property's people. The number is never stored: only an
 * HMAC bound to the property (lookup) and a hint for lists.
 */
export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lookupHash: text('lookup_hash').notNull(),
    hint: text('hint').notNull(),
    label: text('label').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    lastUsedAt: tz('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cards_property_lookup_unique').on(t.propertyId, t.lookupHash),
    index('cards_user_idx').on(t.userId),
  ],
);

export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    deviceName: text('device_name').notNull(),
    deviceLabel: text('device_label'),
    deviceType: text('device_type', { enum: ['gate'] })
      .notNull()
      .default('gate'),
    /** Null for an MQTT device, which is reached through the broker by its topic instead. */
    deviceIpAddress: text('device_ip_address'),
    /** Relay driver and its settings; docs/SPEC.md's fields alone mean Shelly /relay/0 on port 80. */
    driver: text('driver', { enum: RELAY_DRIVERS }).notNull().default('shelly-gen1'),
    /** An MQTT device's topic prefix (Shelly) or %topic% (Tasmota); also its broker user name. */
    mqttTopic: text('mqtt_topic'),
    /** SHA-256 of the device's password on the embedded broker; the password itself is shown once. */
    mqttPasswordHash: text('mqtt_password_hash'),
    channel: integer('channel').notNull().default(0),
    pulseSeconds: integer('pulse_seconds').notNull().default(1),
    driverSettings: jsonb('driver_settings').$type<Record<string, unknown>>().notNull().default({}),
    /** AES-256-GCM ciphertext of {username, password}; never returned by any API. */
    credentialsEncrypted: text('credentials_encrypted'),
    /** SHA-256 of the gate reader's key; the key itself is shown once. */
    deviceKeyHash: text('device_key_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('devices_property_idx').on(t.propertyId),
    uniqueIndex('devices_key_unique').on(t.deviceKeyHash),
    // A topic names one device on the broker: two devices on one topic would both pulse.
    uniqueIndex('devices_mqtt_topic_unique').on(t.mqttTopic),
    check('devices_one_address', sql`(${t.mqttTopic} is null) = (${t.deviceIpAddress} is not null)`),
  ],
);

/**
 * What the server last heard from each device (docs/decisions/0034-device-health.md): the reader's
 * heartbeat, the relay's last pulse, and whether the managers were told it went offline. One row
 * per device, written only when something changes or a heartbeat is older than a few seconds.
 */
export const deviceHealth = pgTable('device_health', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  /** The reader's last recorded heartbeat. */
  readerSeenAt: tz('reader_seen_at'),
  /** The last pulse the relay answered. */
  relaySeenAt: tz('relay_seen_at'),
  /** The first failed pulse since the relay last answered; null while its last pulse succeeded. */
  relayFailingSince: tz('relay_failing_since'),
  /** Set when the offline email was queued, cleared when the back-online one is: one of each per outage. */
  offlineNoticeAt: tz('offline_notice_at'),
  /** When a process last claimed this HTTP relay's status probe: one probe per device per minute. */
  relayProbedAt: tz('relay_probed_at'),
});

export const visitors = pgTable(
  'visitors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** +1 and 10 digits when the resident gave one: the pass link is also sent by SMS. */
    phoneNumber: text('phone_number'),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    searchText: searchText(),
  },
  (t) => [
    uniqueIndex('visitors_creator_email_unique').on(t.createdBy, sql`lower(${t.email})`),
    index('visitors_property_idx').on(t.propertyId, t.createdAt, t.id),
    index('visitors_created_idx').on(t.createdAt, t.id),
    index('visitors_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export type RecurringDay = { _id: string; day: Weekday; startTime: string; endTime: string };
export type SpecificDate = { _id: string; date: string; startTime: string; endTime: string };

export const qrCodes = pgTable(
  'qr_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitorId: uuid('visitor_id')
      .notNull()
      .references(() => visitors.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token the QR image encodes. */
    tokenHash: text('token_hash').notNull(),
    qrFirstName: text('qr_first_name').notNull(),
    qrLastName: text('qr_last_name').notNull(),
    qrType: text('qr_type', { enum: ['betweenDates', 'weekdays', 'randomDates'] }).notNull(),
    startDate: tz('start_date').notNull(),
    /** Null means no end. */
    endDate: tz('end_date'),
    lifetimeValidity: boolean('lifetime_validity').notNull().default(false),
    recurringDays: jsonb('recurring_days').$type<RecurringDay[]>().notNull().default([]),
    multipleDays: jsonb('multiple_days').$type<SpecificDate[]>().notNull().default([]),
    qrNotification: boolean('qr_notification').notNull().default(false),
    /** SHA-256 of the visitor's pass page link token (/pass/<token>); separate from the gate token. */
    passLinkHash: text('pass_link_hash'),
    /** The gate token sealed (secret box, key 'pass-page'), so the pass page can draw the QR. */
    tokenSealed: text('token_sealed'),
    /** The gates this pass opens, narrowed by its creator; null: every gate its creator may use. */
    gateIds: uuid('gate_ids').array(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('qr_codes_token_unique').on(t.tokenHash),
    uniqueIndex('qr_codes_pass_link_unique').on(t.passLinkHash),
    index('qr_codes_visitor_idx').on(t.visitorId),
    index('qr_codes_creator_idx').on(t.createdBy, t.createdAt),
    index('qr_codes_property_idx').on(t.propertyId),
  ],
);

/**
 * A delivery pass: a QR code and a 6-digit guest PIN for a courier, valid for a few
 * hours and a few uses. Uses are taken by one conditional UPDATE, so two gates cannot both take
 * the last one.
 */
export const deliveryPasses = pgTable(
  'delivery_passes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    company: text('company').notNull().default(''),
    /** SHA-256 of the gate token the QR encodes. */
    tokenHash: text('token_hash').notNull(),
    /** The gate token and the PIN, sealed, so the creator's list and the pass page can show them. */
    tokenSealed: text('token_sealed').notNull(),
    pinSealed: text('pin_sealed').notNull(),
    /** HMAC of the property and the PIN, as for residents' PINs; null once the pass has ended, freeing the PIN. */
    pinLookup: text('pin_lookup'),
    startsAt: tz('starts_at').notNull(),
    endsAt: tz('ends_at').notNull(),
    usesAllowed: integer('uses_allowed').notNull(),
    usesTaken: integer('uses_taken').notNull().default(0),
    /** Tell the creator at each use. */
    notify: boolean('notify').notNull().default(false),
    /** The courier's page link (/delivery/<link token>): its hash to find the pass, sealed so the creator can share it again. */
    linkHash: text('link_hash'),
    linkSealed: text('link_sealed'),
    cancelledAt: tz('cancelled_at'),
    /** The gates this pass opens, narrowed by its creator; null: every gate its creator may use. */
    gateIds: uuid('gate_ids').array(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('delivery_passes_token_unique').on(t.tokenHash),
    uniqueIndex('delivery_passes_link_unique').on(t.linkHash),
    uniqueIndex('delivery_passes_live_pin_unique').on(t.propertyId, t.pinLookup),
    index('delivery_passes_property_idx').on(t.propertyId, t.createdAt),
  ],
);

export type PersonDetails = { firstName: string; lastName: string; email: string; phoneNumber?: string | null };
export type RelayOperation = { command: string; success: boolean };
/** A device as stored: the one declaration every domain uses. */
export type DeviceRow = typeof devices.$inferSelect;

/**
 * One row per gate attempt. Details are snapshots: renames and deletions never change history.
 * Partitioned by UTC month of `timestamp` (migration 0033, docs/decisions/0052), so its key holds
 * the timestamp too; the monthly tables are made by the gate log upkeep, not by drizzle.
 */
export const relayLogs = pgTable(
  'relay_logs',
  {
    id: uuid('id').notNull().defaultRandom(),
    timestamp: tz('timestamp').notNull().defaultNow(),
    propertyId: uuid('property_id'),
    deviceId: uuid('device_id'),
    /** The signed-in user who opened the gate (callerType user). */
    actorUserId: uuid('actor_user_id'),
    /** The resident who created the visitor's QR code (callerType visitor). */
    creatorUserId: uuid('creator_user_id'),
    callerType: text('caller_type', { enum: ['user', 'visitor'] }).notNull(),
    userDetails: jsonb('user_details').$type<PersonDetails>(),
    visitorDetails: jsonb('visitor_details').$type<Omit<PersonDetails, 'phoneNumber'>>(),
    qrCodeDetails: jsonb('qr_code_details').$type<{ qrFirstName: string; qrLastName: string }>(),
    creatorDetails: jsonb('creator_details').$type<PersonDetails>(),
    deviceDetails: jsonb('device_details').$type<{ deviceName: string; deviceType: string }>(),
    propertyDetails: jsonb('property_details').$type<{ propertyName: string; propertyLocation: string }>(),
    /** pending while the relay is asked, unknown when the process asking it died (openings_in_flight). */
    status: text('status', { enum: LOG_STATUSES }).notNull(),
    reason: text('reason'),
    /** How the opening was asked for; null on rows written before it was recorded. */
    credential: text('credential', { enum: GATE_CREDENTIALS }),
    relayOperations: jsonb('relay_operations').$type<RelayOperation[]>().notNull().default([]),
    totalDurationMs: integer('total_duration_ms').notNull().default(0),
    /** Lowercased names, emails, phones and QR names, for the log search. */
    searchText: text('search_text').notNull().default(''),
    /**
     * The event's subject: relay_log_subject_key(search_text), its row in relay_log_subjects
     * (docs/decisions/0059). Read as a number so a row stays JSON; a 64-bit key loses digits there,
     * so code that needs the key reads it as text in SQL.
     */
    subjectKey: bigint('subject_key', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.timestamp] }),
    // Migration 0038 declares these three with INCLUDE columns (drizzle's index builder cannot), for
    // index-only counts and pages of log filters and searches.
    index('relay_logs_time_covering_idx').on(t.timestamp),
    index('relay_logs_property_time_covering_idx').on(t.propertyId, t.timestamp),
    index('relay_logs_subject_time_idx').on(t.subjectKey, t.timestamp),
    index('relay_logs_actor_time_idx').on(t.actorUserId, t.timestamp),
    index('relay_logs_creator_time_idx').on(t.creatorUserId, t.timestamp),
  ],
);

/**
 * Each distinct search text of the gate log once per UTC month it appears in (docs/decisions/0059):
 * a search finds its subjects here, through the trigram index, and reads their events through
 * relay_logs_subject_time_idx in their month's table only. Written in the same statement as the
 * events; a month's subjects go when its table is dropped, and a subject whose last event is
 * deleted goes with it (relay-log-subjects.ts).
 */
export const relayLogSubjects = pgTable(
  'relay_log_subjects',
  {
    /** The first instant of the UTC month (the month tables' bounds). */
    month: tz('month').notNull(),
    /** As relay_logs.subject_key: a number in JS, text in SQL where it must be exact. */
    key: bigint('key', { mode: 'number' }).notNull(),
    searchText: text('search_text').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.key] }),
    index('relay_log_subjects_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The gate openings whose relay has not answered yet: one row per pending relay_logs row, written
 * in the same statement and deleted in the statement that completes it. A row whose lease has run
 * out belongs to a process that died during the opening: its log row is marked outcome unknown
 * (docs/decisions/0021). Kept apart from relay_logs, so the log's indexes never change on completion.
 */
export const openingsInFlight = pgTable('openings_in_flight', {
  logId: uuid('log_id').primaryKey(),
  leaseUntil: tz('lease_until').notNull(),
});

/**
 * Gate events per property, caller type and UTC day, kept by statement triggers on relay_logs
 * (migration 0002_relay_log_count_triggers), so log counts without a search never scan millions
 * of rows. property_key is the nil uuid for events without a property.
 */
export const relayLogDailyCounts = pgTable(
  'relay_log_daily_counts',
  {
    propertyKey: uuid('property_key').notNull(),
    callerType: text('caller_type', { enum: ['user', 'visitor'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyKey, t.callerType, t.day] }),
    index('relay_log_daily_counts_day_idx').on(t.day),
  ],
);

/** Invitation (verify-email) and password-reset tokens; single use, stored hashed. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['invite', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('account_tokens_hash_unique').on(t.tokenHash), index('account_tokens_user_idx').on(t.userId)],
);

/**
 * Durable outbox of background work (email, SMS), written in the same transaction as its cause.
 * The payload holds references and sealed secrets only (server/platform/jobs/job-kind.ts), is set to null
 * once the job is done or given up, and finished rows are purged after a retention
 * (docs/decisions/0010-job-payloads-and-retention.md).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>(),
    runAt: tz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** Until when the worker holding lease_token owns the job; on the database clock, renewed while it runs. */
    lockedUntil: tz('locked_until'),
    /** Set at each claim; only the holder may renew the lease or finish the job. */
    leaseToken: uuid('lease_token'),
    lastError: text('last_error'),
    doneAt: tz('done_at'),
    failedAt: tz('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_pending_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    index('jobs_done_idx').on(t.doneAt).where(sql`${t.doneAt} is not null`),
    index('jobs_failed_idx').on(t.failedAt).where(sql`${t.failedAt} is not null`),
  ],
);

/**
 * Shared counters of every rate limit and lockout, so all processes on one database count
 * together. A row counts hits of one key in a fixed window; reserving is one atomic upsert.
 */
export const limitCounters = pgTable(
  'limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: tz('window_ends_at').notNull(),
  },
  (t) => [index('limit_counters_window_idx').on(t.windowEndsAt)],
);

/**
 * Relay pulses under way, one per device at most (partial unique index), shared by every
 * process: a press while one runs waits for its outcome instead of pulsing again.
 */
export const devicePulses = pgTable(
  'device_pulses',
  {
    id: uuid('id').primaryKey(),
    deviceId: uuid('device_id').notNull(),
    leaseUntil: tz('lease_until').notNull(),
    startedAt: tz('started_at').notNull(),
    /** The pulse's result once it is known; null while in flight. */
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
  },
  (t) => [uniqueIndex('device_pulses_in_flight_unique').on(t.deviceId).where(sql`${t.outcome} is null`)],
);

/**
 * Signed-in sessions: every token names one (`sid`), and a token whose session has ended is
 * refused. Ending rows (never deleting them) is how logout, "sign out everywhere" and password
 * or role changes revoke; a deleted user's rows go with them.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Browser and system, from the user agent at sign-in. */
    label: text('label').notNull(),
    address: text('address').notNull(),
    createdAt: tz('created_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull(),
    /** Absolute end, counted from sign-in: refreshing never goes past it. */
    expiresAt: tz('expires_at').notNull(),
    endedAt: tz('ended_at'),
    /**
     * When this session passed the second factor: signed in with it, or enrolled one in it. Null
     * for a session from the password alone, which a user with a second factor may not use.
     */
    secondFactorAt: tz('second_factor_at'),
    /** A TOTP secret this session is setting up (sealed), until its first code confirms it. */
    totpPendingSealed: text('totp_pending_sealed'),
  },
  (t) => [index('sessions_user_live_idx').on(t.userId).where(sql`${t.endedAt} is null`)],
);

/** Single-use recovery codes of a user's second factor, stored as keyed hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_unique').on(t.userId, t.codeHash)],
);

/** Passkeys (WebAuthn credentials) a user signs in with as their second factor. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The authenticator's credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** COSE public key, base64url: public by nature, so not sealed. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter: a use must raise it (a cloned key shows up). */
    signCount: bigint('sign_count', { mode: 'number' }).notNull(),
    transports: jsonb('transports').$type<string[]>().notNull(),
    createdAt: createdAt(),
    lastUsedAt: tz('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_unique').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges handed out and not yet answered, stored hashed: each works once (deleted
 * as it is used), for a few minutes, in whichever process the answer reaches.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'register' | 'sign-in'>().notNull(),
    challengeHash: text('challenge_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_hash_unique').on(t.challengeHash),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Who may use which gates when (docs/decisions/0044). "All residents" (allGates, allResidents)
 * follows the property's gates and residents as they come, until a manager edits it.
 */
export const accessGroups = pgTable(
  'access_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    allGates: boolean('all_gates').notNull().default(false),
    allResidents: boolean('all_residents').notNull().default(false),
    schedule: jsonb('schedule').$type<AccessSchedule>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('access_groups_property_name_unique').on(t.propertyId, sql`lower(${t.name})`)],
);

export const accessGroupGates = pgTable(
  'access_group_gates',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => accessGroups.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.deviceId] }), index('access_group_gates_device_idx').on(t.deviceId)],
);

export const accessGroupMembers = pgTable(
  'access_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => accessGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('access_group_members_user_idx').on(t.userId)],
);

/** A lockdown of a property, or of some of its gates (gateIds), from startedAt until ended or endsAt. */
export const lockdowns = pgTable(
  'lockdowns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** Null: every gate of the property. */
    gateIds: uuid('gate_ids').array(),
    reason: text('reason').notNull(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: tz('started_at').notNull().defaultNow(),
    endsAt: tz('ends_at'),
    endedAt: tz('ended_at'),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // At most one lockdown in force per property: the decision reads it by this index.
    uniqueIndex('lockdowns_one_active').on(t.propertyId).where(sql`${t.endedAt} is null`),
  ],
);

/**
 * Hold-open per gate (server/hold-open): its schedule, a manager's hold or release, and what the
 * relay was last told, with the lease of the one process driving a change (as device_pulses).
 */
export const gateHolds = pgTable(
  'gate_holds',
  {
    deviceId: uuid('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** An AccessSchedule in the property's time zone: the relay is held on inside its ranges. */
    schedule: jsonb('schedule').$type<AccessSchedule>(),
    /** A manager's override: 'hold' until manualUntil, or 'release' while the schedule is open. */
    manualState: text('manual_state', { enum: ['hold', 'release'] }),
    manualUntil: tz('manual_until'),
    manualBy: uuid('manual_by').references(() => users.id, { onDelete: 'set null' }),
    /** The manager's name as the log words it ("Held open by Pat Lee until 10:30"). */
    manualByName: text('manual_by_name'),
    /** What the relay was last told: latched on, or released. */
    assertedOn: boolean('asserted_on').notNull().default(false),
    /** Why it was last held: 'schedule' or 'manual', for the words of its release. */
    assertedCause: text('asserted_cause'),
    assertedAt: tz('asserted_at'),
    /** Tell the relay again at the next sweep: the last command failed, or the device came back. */
    needsAssert: boolean('needs_assert').notNull().default(false),
    leaseId: uuid('lease_id'),
    leaseUntil: tz('lease_until'),
  },
  (t) => [index('gate_holds_property_idx').on(t.propertyId)],
);

/**
 * A browser's Web Push subscription (issue 32). The endpoint is a capability URL and the keys
 * encrypt the payloads: both sealed, never logged; the endpoint's hash finds a re-subscription.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpointHash: text('endpoint_hash').notNull(),
    /** Sealed JSON of { endpoint, keys: { p256dh, auth } }. */
    subscriptionSealed: text('subscription_sealed').notNull(),
    /** Browser and system, from the user agent when subscribed. */
    label: text('label').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: tz('last_success_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpointHash),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** A field's value before and after a change; secrets are the word "changed", never their value. */
export type ActivityChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * The activity trail: who changed what, in the transaction of the change. Append-only (a trigger
 * refuses UPDATE and DELETE but through the retention and erasure functions) and chained per
 * property: each row's hash covers the previous row's hash, its own canonical form and the digest
 * of its personal words (activity/activity-chain.ts).
 * No foreign keys: an entry outlives the person, property and object it names.
 */
export const activity = pgTable(
  'activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of the chain within a property. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    at: tz('at').notNull(),
    /** Null for "system" (jobs, schedules). */
    actorId: uuid('actor_id'),
    actorRole: text('actor_role').notNull(),
    /** The actor's name when it acted, or "system". */
    actorName: text('actor_name').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
    objectKind: text('object_kind').notNull(),
    objectId: text('object_id'),
    /** Null: the chain of entries belonging to no property (super administrators' own, sign-ins). */
    propertyId: uuid('property_id'),
    changes: jsonb('changes').$type<ActivityChanges>().notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /**
     * sha256 of the personal words (actor name, summary, changes) as written; the hash covers this,
     * not the words, so erasure changes no hash (docs/decisions/0055). Null: an entry written
     * before migration 0036, whose hash covers its words, until the upgrade links its chain again.
     */
    wordsDigest: text('words_digest'),
    /** The n of the erasure that last replaced this entry's words; null if never erased. */
    erasedIn: integer('erased_in'),
    /** sha256 of the words as that erasure left them. */
    erasedDigest: text('erased_digest'),
  },
  (t) => [
    index('activity_property_seq_idx').on(t.propertyId, t.seq),
    index('activity_at_idx').on(t.at),
    index('activity_actor_idx').on(t.actorId, t.at),
    index('activity_object_idx').on(t.objectId, t.at),
  ],
);

/**
 * People erased at a super administrator's request (docs/decisions/0051): their number is the n of
 * "Erased person #n" that stands for them wherever their name was. The id stays so erasure can be
 * applied again to a backup restored from before it; it names no one once the account is gone.
 */
export const erasures = pgTable('erasures', {
  n: serial('n').primaryKey(),
  userId: uuid('user_id').notNull(),
  erasedAt: tz('erased_at').notNull(),
  /** The super administrator who erased them. */
  erasedBy: uuid('erased_by'),
});
