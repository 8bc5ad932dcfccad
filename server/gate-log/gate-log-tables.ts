// Relative imports, not '@core': drizzle-kit loads table files without the path alias.

import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { LOG_STATUSES } from '../../core/constants';
import { GATE_CREDENTIALS } from '../../core/gate-credentials';
import { tz } from '../platform/db/columns';
import type { RelayOperation } from '../platform/relays/relay-operation';
import type { PersonDetails } from './person-details';

/**
 * One row per gate attempt. Details are snapshots: renames and deletions never change history.
 * Partitioned by UTC month of `timestamp` (migration 0033, docs/decisions/0052), so its key holds
 * the timestamp too; the monthly tables are made by the gate log upkeep, not by drizzle.
 */
export const gateLogs = pgTable(
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
 * deleted goes with it (gate-log-subjects.ts).
 */
export const gateLogSubjects = pgTable(
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
 * Gate events per property, caller type and UTC day, kept by statement triggers on relay_logs
 * (migration 0002_relay_log_count_triggers), so log counts without a search never scan millions
 * of rows. property_key is the nil uuid for events without a property.
 */
export const gateLogDailyCounts = pgTable(
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
