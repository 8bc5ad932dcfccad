// Relative imports, not '@core': drizzle-kit loads table files without the path alias.

import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { devices } from '../device-records/device-tables';
import { createdAt, searchText } from '../platform/db/columns';
import { properties } from '../property-records/property-tables';

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
    /** Someone calls them from a gate's intercom (decision 0093). */
    pushIntercom: boolean('push_intercom').notNull().default(true),
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
