import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { properties } from '../property-records/property-tables';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/** An endpoint of a property that is sent the events it chose, signed with its own secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    /** Off by a manager, or by the sender after 5 days of failures (disabledAt set). */
    enabled: boolean('enabled').notNull().default(true),
    /** The `whsec_` secret, sealed with a key derived from the master secret. */
    secretSealed: text('secret_sealed').notNull(),
    /** The secret before the last rotation, still signing until previousSecretUntil. */
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretUntil: tz('previous_secret_until'),
    /** When the first of the failures since the last success happened. */
    failingSince: tz('failing_since'),
    disabledAt: tz('disabled_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_property_idx').on(t.propertyId)],
);

/**
 * One event for one endpoint: its body, fixed when the event happened, and its `webhook-id`
 * (`msg_` + this id), the same on every attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event it tells of: an endpoint gets each event once, however often the fan-out runs. */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    /** Attempts made or under way; the next one's number is this plus one. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    uniqueIndex('webhook_deliveries_event_idx').on(t.endpointId, t.eventId),
  ],
);

/** One attempt of a delivery, written when it starts and completed with what the receiver said. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: tz('started_at').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    /** The first bytes of the answer, or why none came; null while the attempt is under way. */
    response: text('response'),
  },
  (t) => [uniqueIndex('webhook_attempts_delivery_attempt_idx').on(t.deliveryId, t.attempt)],
);
