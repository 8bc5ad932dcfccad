import crypto from 'node:crypto';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../db/connect';
import { jobKind } from '../jobs/job-kind';
import type { JobQueue } from '../jobs/job-queue';
import { jobs } from '../jobs/job-tables';

/**
 * Something that happened at a property that other systems may be told about (a gate opened, a
 * lockdown started). Its data holds ids and words only: never a secret, PIN, card number or pass
 * token.
 */
export const domainEvent = z.strictObject({
  /** Unique per event: a subscriber that hears it twice (a retried job) acts once. */
  id: z.uuid(),
  propertyId: z.uuid(),
  type: z.string().min(1),
  occurredAt: z.iso.datetime({ offset: true }),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())])),
});
export type DomainEvent = z.output<typeof domainEvent>;

/**
 * The outbox: an event is a job written in the transaction of the change it describes, so it is
 * sent exactly when the change commits, and a process that dies after the commit leaves it to
 * another (docs/decisions/0088).
 */
export const domainEventJob = jobKind('domain-event', domainEvent);

export type EventSubscriber = (event: DomainEvent) => Promise<void>;

/** Records the event in the caller's transaction; subscribers hear of it once it commits. */
export async function emitEvent(
  jobs: JobQueue,
  db: Queryable,
  event: Omit<DomainEvent, 'occurredAt' | 'id'> & { at: Date },
) {
  const { at, ...rest } = event;
  await jobs.enqueue(db, domainEventJob, { ...rest, id: crypto.randomUUID(), occurredAt: at.toISOString() }, at);
}

/**
 * The outbox insert as a statement of its own, for writers that build their SQL by hand (the gate
 * log's batched statements): `rows` selects property_id, type, occurred_at (timestamptz) and data
 * (jsonb of ids and words).
 */
export const eventOutboxInsert = (rows: SQL) => sql`
  insert into jobs (kind, payload, run_at)
  select ${domainEventJob.name}, jsonb_build_object('id', gen_random_uuid(), 'propertyId', e.property_id, 'type', e.type,
      'occurredAt', to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', e.data),
    e.occurred_at
  from (${rows}) as e`;

/** Every subscriber hears each event; one that fails makes the event's job retry for all. */
export function registerEventSubscribers(queue: JobQueue, subscribers: EventSubscriber[]) {
  queue.register(domainEventJob, async (event) => {
    for (const subscriber of subscribers) await subscriber(event);
  });
}

/**
 * Rewrites the events of a property not sent yet, in the caller's transaction: a person erased
 * before their events went out leaves no words of theirs in the outbox (reasons are free text).
 */
export async function rewritePendingEvents(
  db: Queryable,
  propertyId: string,
  rewrite: (data: DomainEvent['data']) => DomainEvent['data'],
) {
  const pending = await db
    .select({ id: jobs.id, payload: jobs.payload })
    .from(jobs)
    .where(
      and(eq(jobs.kind, domainEventJob.name), isNull(jobs.doneAt), sql`${jobs.payload}->>'propertyId' = ${propertyId}`),
    );
  for (const job of pending) {
    const event = job.payload as DomainEvent;
    const data = rewrite(event.data);
    if (JSON.stringify(data) !== JSON.stringify(event.data))
      await db
        .update(jobs)
        .set({ payload: { ...event, data } })
        .where(eq(jobs.id, job.id));
  }
}
