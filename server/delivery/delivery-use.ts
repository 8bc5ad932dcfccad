import { DELIVERY_MESSAGES } from '@core/api/delivery-passes';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { pinLookupHmac } from '../gate-credentials/secure-pin';
import type { Queryable } from '../platform/db/connect';
import { type DeliveryPassRow, stateOf } from './delivery-pass-queries';
import { deliveryPasses } from './delivery-tables';

type Credential = { tokenHash: string } | { pin: string };

const matching = (secret: Buffer, propertyId: string, credential: Credential) =>
  'tokenHash' in credential
    ? eq(deliveryPasses.tokenHash, credential.tokenHash)
    : and(
        eq(deliveryPasses.propertyId, propertyId),
        eq(deliveryPasses.pinLookup, pinLookupHmac(secret, propertyId, credential.pin)),
      );

export type DeliveryUse =
  | { taken: true; pass: DeliveryPassRow }
  | { taken: false; pass: DeliveryPassRow; reason: string }
  | null;

/**
 * Takes one use of the delivery pass this QR token or guest PIN names at this property, in one
 * conditional UPDATE: of two gates asking for the last use in the same instant, one gets it and the
 * other finds none left. Answers null when no pass of this property matches (the caller goes on
 * as for an unknown code), or the pass with the reason it was refused.
 */
export async function takeDeliveryUse(
  db: Queryable,
  secret: Buffer,
  propertyId: string,
  credential: Credential,
  now: Date,
): Promise<DeliveryUse> {
  // A use given back (its gate did not open, or its grant joined a pulse already running) between
  // the refused UPDATE and the read makes the pass look valid again: take that use rather than
  // call the pass ended.
  for (let attempt = 0; ; attempt++) {
    const [taken] = await db
      .update(deliveryPasses)
      .set({ usesTaken: sql`${deliveryPasses.usesTaken} + 1` })
      .where(
        and(
          matching(secret, propertyId, credential),
          eq(deliveryPasses.propertyId, propertyId),
          isNull(deliveryPasses.cancelledAt),
          lte(deliveryPasses.startsAt, now),
          gt(deliveryPasses.endsAt, now),
          sql`${deliveryPasses.usesTaken} < ${deliveryPasses.usesAllowed}`,
        ),
      )
      .returning();
    if (taken) return { taken: true, pass: taken };
    const [pass] = await db
      .select()
      .from(deliveryPasses)
      .where(and(matching(secret, propertyId, credential), eq(deliveryPasses.propertyId, propertyId)))
      .limit(1);
    if (!pass) return null;
    const state = stateOf(pass, now);
    if (pass.startsAt > now && state === 'valid') return { taken: false, pass, reason: DELIVERY_MESSAGES.notYet };
    if (state === 'valid' && attempt < MAX_RETAKES) continue;
    const reason = state === 'used-up' || state === 'valid' ? DELIVERY_MESSAGES.usedUp : DELIVERY_MESSAGES.ended;
    return { taken: false, pass, reason };
  }
}

const MAX_RETAKES = 3;

/** A use whose gate did not open is given back: the courier is still outside. */
export async function giveDeliveryUseBack(db: Queryable, passId: string) {
  await db
    .update(deliveryPasses)
    .set({ usesTaken: sql`greatest(${deliveryPasses.usesTaken} - 1, 0)` })
    .where(eq(deliveryPasses.id, passId));
}
