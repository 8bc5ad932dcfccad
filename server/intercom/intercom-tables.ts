import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
// Relative, not '@core': drizzle-kit loads this file without the path alias.
import { CALL_END_REASONS, CALL_STATUSES, type SignalMessage } from '../../core/api/intercom';
import { users } from '../accounts/account-tables';
import { devices } from '../device-records/device-tables';
import { properties } from '../property-records/property-tables';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A resident's entry in the gate directory. Every resident is listed by default, so a row is made
 * the first time a search finds them (directory-queries.ts); its `id` is the entry id readers see,
 * never the user id.
 */
export const intercomListings = pgTable('intercom_listings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull().unique().defaultRandom(),
  /** The resident's own choice (Profile). */
  listed: boolean('listed').notNull().default(true),
  /** Null: first name and last initial. */
  displayName: text('display_name'),
  /** A manager hid them; only a manager lists them again. */
  hiddenByManager: boolean('hidden_by_manager').notNull().default(false),
});

/**
 * One intercom call from a gate reader to a resident (docs/decisions/0093). Its lease is its
 * deadlines: `ring_until` while ringing, and each side's `*_seen_at` (touched while its signal
 * stream is open); any process's sweep ends a call whose deadline passed (call-sweep.ts), so a
 * crash leaves no call ringing or answered forever.
 */
export const intercomCalls = pgTable(
  'intercom_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    calleeUserId: uuid('callee_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The gate's name when the call was made, for the ring, the push and the history. */
    gateName: text('gate_name').notNull(),
    /** The directory name the reader showed, as it was when the call was made. */
    displayName: text('display_name').notNull(),
    status: text('status', { enum: CALL_STATUSES }).notNull().default('ringing'),
    startedAt: tz('started_at').notNull(),
    ringUntil: tz('ring_until').notNull(),
    answeredAt: tz('answered_at'),
    /** The resident's session that answered: their other devices stop ringing. */
    answeredSessionId: uuid('answered_session_id'),
    endedAt: tz('ended_at'),
    endReason: text('end_reason', { enum: CALL_END_REASONS }),
    readerSeenAt: tz('reader_seen_at').notNull(),
    residentSeenAt: tz('resident_seen_at'),
    /** The gate log row of the last opening from this call. */
    openedLogId: uuid('opened_log_id'),
    openedAt: tz('opened_at'),
  },
  (t) => [
    check('intercom_calls_status', sql`${t.status} in ('ringing', 'answered', 'declined', 'missed', 'ended')`),
    index('intercom_calls_callee_idx').on(t.calleeUserId, t.startedAt),
    index('intercom_calls_property_idx').on(t.propertyId, t.startedAt),
    index('intercom_calls_started_idx').on(t.startedAt),
    index('intercom_calls_live_idx').on(t.status).where(sql`${t.status} in ('ringing', 'answered')`),
  ],
);

/** The still a reader took at the start of a call; removed after the property's retention. */
export const intercomCallPhotos = pgTable(
  'intercom_call_photos',
  {
    callId: uuid('call_id')
      .primaryKey()
      .references(() => intercomCalls.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id').notNull(),
    jpeg: bytea('jpeg').notNull(),
    takenAt: tz('taken_at').notNull(),
  },
  (t) => [index('intercom_call_photos_property_idx').on(t.propertyId, t.takenAt)],
);

/** Offers, answers and ICE candidates on their way to the other side; removed when the call ends. */
export const intercomSignals = pgTable(
  'intercom_signals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    callId: uuid('call_id')
      .notNull()
      .references(() => intercomCalls.id, { onDelete: 'cascade' }),
    fromSide: text('from_side', { enum: ['reader', 'resident'] }).notNull(),
    message: jsonb('message').$type<SignalMessage>().notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [index('intercom_signals_call_idx').on(t.callId, t.id)],
);

/** A property's intercom settings; a property without a row has the defaults. */
export const intercomSettings = pgTable(
  'intercom_settings',
  {
    propertyId: uuid('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    callPhotoRetentionDays: integer('call_photo_retention_days').notNull().default(30),
  },
  (t) => [check('intercom_settings_photo_days', sql`${t.callPhotoRetentionDays} between 1 and 365`)],
);
