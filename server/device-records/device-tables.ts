// Relative imports, not '@core': drizzle-kit loads table files without the path alias.

import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RELAY_DRIVERS } from '../../core/api/devices';
import { createdAt } from '../platform/db/columns';
import { properties } from '../property-records/property-tables';

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

/** A device as stored: the one declaration every domain uses. */
