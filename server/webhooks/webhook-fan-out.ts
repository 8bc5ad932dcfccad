import type { DomainEvent, EventSubscriber } from '../platform/events/domain-events';
import type { JobQueue } from '../platform/jobs/job-queue';
import type { NotificationContext } from '../platform/jobs/notification-context';
import { webhookAttemptJob } from './webhook-delivery-jobs';
import { insertDeliveriesOf } from './webhook-store';

/** The body every endpoint is sent (Standard Webhooks): the type, when, and the event's ids and words. */
export const webhookBodyOf = (event: Pick<DomainEvent, 'type' | 'occurredAt' | 'data' | 'propertyId'>) => ({
  type: event.type,
  timestamp: event.occurredAt,
  data: { propertyId: event.propertyId, ...event.data },
});

/**
 * The webhooks' subscriber to property events: a delivery and its first attempt for each endpoint
 * that asked for the event, in one transaction.
 */
export function webhookFanOut(queue: JobQueue, context: Pick<NotificationContext, 'db'>): EventSubscriber {
  return async (event) => {
    const deliveryIds = await context.db.transaction(async (tx) => {
      const ids = await insertDeliveriesOf(tx, event, webhookBodyOf(event));
      await queue.enqueueMany(
        tx,
        webhookAttemptJob,
        ids.map((deliveryId) => ({ deliveryId, manual: false })),
        new Date(event.occurredAt),
      );
      return ids;
    });
    if (deliveryIds.length) void queue.kick();
  };
}
