import type { WebhookDeliveryDto, WebhookDto } from '@core/api/webhooks';
import { and, arrayContains, desc, eq, inArray, sql } from 'drizzle-orm';
import { v7 as timeOrderedUuid } from 'uuid';
import type { Queryable, Tx } from '../platform/db/connect';
import type { DomainEvent } from '../platform/events/domain-events';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './webhooks-tables';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const webhookDtoOf = (row: EndpointRow): WebhookDto => ({
  _id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  failingSince: iso(row.failingSince),
  disabledAt: iso(row.disabledAt),
  previousSecretUntil: iso(row.previousSecretUntil),
  createdAt: row.createdAt.toISOString(),
});

export async function insertEndpoint(
  db: Queryable,
  values: Pick<EndpointRow, 'propertyId' | 'url' | 'description' | 'events' | 'secretSealed'>,
): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row;
}

export async function findEndpoint(db: Queryable, id: string): Promise<EndpointRow | null> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ?? null;
}

export function endpointsOf(db: Queryable, propertyId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.propertyId, propertyId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
}

export async function updateEndpoint(
  db: Queryable,
  id: string,
  values: Partial<Pick<EndpointRow, 'url' | 'description' | 'events' | 'enabled' | 'disabledAt' | 'failingSince'>>,
) {
  await db.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id));
}

export async function deleteEndpoint(db: Queryable, id: string) {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** The new secret signs from now on; the current one keeps signing until `previousUntil`. */
export async function rotateEndpointSecret(db: Queryable, id: string, newSealed: string, previousUntil: Date) {
  await db
    .update(webhookEndpoints)
    .set({
      previousSecretSealed: webhookEndpoints.secretSealed,
      previousSecretUntil: previousUntil,
      secretSealed: newSealed,
    })
    .where(eq(webhookEndpoints.id, id));
}

/**
 * The deliveries of an event: one per switched-on endpoint of the event's property that asked for
 * its type, each once (a fan-out run again adds none). Answers the new deliveries' ids.
 */
export async function insertDeliveriesOf(db: Queryable, event: DomainEvent, body: Record<string, unknown>) {
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.propertyId, event.propertyId),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.events, [event.type]),
      ),
    );
  if (!endpoints.length) return [];
  const occurredAt = new Date(event.occurredAt);
  const rows = await db
    .insert(webhookDeliveries)
    .values(
      endpoints.map((endpoint) => ({
        id: timeOrderedUuid(),
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        body,
        createdAt: occurredAt,
        nextAttemptAt: occurredAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  return rows.map((row) => row.id);
}

/** A delivery outside any event (the test event), for one endpoint. */
export async function insertDelivery(
  db: Queryable,
  values: Pick<DeliveryRow, 'endpointId' | 'eventId' | 'eventType' | 'body' | 'createdAt'>,
): Promise<string> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ ...values, id: timeOrderedUuid(), nextAttemptAt: values.createdAt })
    .returning({ id: webhookDeliveries.id });
  return row.id;
}

export async function findDelivery(db: Queryable, endpointId: string, deliveryId: string) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  return row ?? null;
}

/** A delivery with its endpoint, as an attempt needs them. */
export async function deliveryWithEndpoint(db: Queryable, deliveryId: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row ?? null;
}

/**
 * Takes the delivery's next attempt number and writes the attempt as under way, in one
 * transaction: an attempt is in the log from its start, and no two share a number. An automatic
 * attempt is taken only while the delivery is still pending; null when there is none to make.
 */
export async function startAttempt(tx: Tx, deliveryId: string, manual: boolean, at: Date): Promise<number | null> {
  const [row] = await tx
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), manual ? undefined : eq(webhookDeliveries.status, 'pending')))
    .returning({ attempts: webhookDeliveries.attempts });
  if (!row) return null;
  await tx.insert(webhookAttempts).values({ deliveryId, attempt: row.attempts, startedAt: at });
  return row.attempts;
}

export async function finishAttempt(
  tx: Tx,
  attempt: { deliveryId: string; attempt: number; statusCode: number | null; durationMs: number; response: string },
) {
  await tx
    .update(webhookAttempts)
    .set({ statusCode: attempt.statusCode, durationMs: attempt.durationMs, response: attempt.response })
    .where(and(eq(webhookAttempts.deliveryId, attempt.deliveryId), eq(webhookAttempts.attempt, attempt.attempt)));
}

export async function setDeliveryState(
  tx: Tx,
  deliveryId: string,
  state: Partial<Pick<DeliveryRow, 'status' | 'nextAttemptAt'>>,
) {
  await tx.update(webhookDeliveries).set(state).where(eq(webhookDeliveries.id, deliveryId));
}

/** Marks the endpoint failing since now unless it already was; answers since when it fails. */
export async function noteEndpointFailure(tx: Tx, endpointId: string, at: Date): Promise<Date> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row?.failingSince ?? at;
}

/** Switches a failing endpoint off once; true for the call that did. */
export async function switchOffFailingEndpoint(tx: Tx, endpointId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: at })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

const DELIVERIES_SHOWN = 50;

/** The endpoint's latest deliveries, newest first, each with its attempts in order. */
export async function deliveryLogOf(db: Queryable, endpointId: string): Promise<WebhookDeliveryDto[]> {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERIES_SHOWN);
  if (!deliveries.length) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        deliveries.map((delivery) => delivery.id),
      ),
    )
    .orderBy(webhookAttempts.attempt);
  return deliveries.map((delivery) => ({
    _id: delivery.id,
    webhookId: webhookIdOf(delivery.id),
    event: delivery.eventType,
    createdAt: delivery.createdAt.toISOString(),
    status: delivery.status,
    nextAttemptAt: iso(delivery.nextAttemptAt),
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map((attempt) => ({
        attempt: attempt.attempt,
        at: attempt.startedAt.toISOString(),
        statusCode: attempt.statusCode,
        durationMs: attempt.durationMs,
        response: attempt.response ?? 'Under way, or the process sending it stopped',
      })),
  }));
}

/** The `webhook-id` header of a delivery: the same on every attempt. */
export const webhookIdOf = (deliveryId: string) => `msg_${deliveryId.replaceAll('-', '')}`;
