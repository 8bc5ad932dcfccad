import type { DeliveryPassDto } from '@core/api/delivery-passes';
import { and, asc, desc, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import { accountRowColumns, accountRows } from '../accounts/account-rows';
import { findUserByPin, pinLookupHmac, randomPin } from '../gate-credentials/secure-pin';
import { deriveKey, randomToken, sha256Hex } from '../platform/crypto/keys';
import { open, seal } from '../platform/crypto/secret-box';
import type { Queryable } from '../platform/db/connect';
import { isUniqueViolation } from '../platform/db/unique-violation';
import { propertyRows as properties, propertyRowColumns } from '../property-records/property-rows';
import { deliveryPasses } from './delivery-tables';

export type DeliveryPassRow = typeof deliveryPasses.$inferSelect;

const MAX_ATTEMPTS = 50;
const HOUR_MS = 3_600_000;
const sealKeyOf = (secret: Buffer) => deriveKey(secret, 'delivery-pass');

/** Ended passes of a property give their PINs back, so live guest PINs stay unique without running out. */
async function freeEndedPins(db: Queryable, propertyId: string, now: Date) {
  await db
    .update(deliveryPasses)
    .set({ pinLookup: null })
    .where(
      and(
        eq(deliveryPasses.propertyId, propertyId),
        isNotNull(deliveryPasses.pinLookup),
        or(
          lte(deliveryPasses.endsAt, now),
          sql`${deliveryPasses.usesTaken} >= ${deliveryPasses.usesAllowed}`,
          isNotNull(deliveryPasses.cancelledAt),
        ),
      ),
    );
}

export interface NewDeliveryPass {
  propertyId: string;
  createdBy: string;
  name: string;
  company: string;
  hours: number;
  uses: number;
  notify: boolean;
  /** The gates it opens, narrowed by its creator; null or absent: every gate they may open. */
  gateIds?: string[] | null;
}

/**
 * Creates a pass from `now` for its hours, with a gate token and a guest PIN that is neither a
 * resident's PIN at the property nor another live pass's (the unique index on the live PIN
 * settles a race between two creations; the loser tries another PIN).
 */
export async function createDeliveryPass(
  db: Queryable,
  secret: Buffer,
  pass: NewDeliveryPass,
  now: Date,
  nextPin: () => string = randomPin,
): Promise<DeliveryPassRow> {
  await freeEndedPins(db, pass.propertyId, now);
  const token = randomToken();
  const linkToken = randomToken();
  for (let attempt = 1; ; attempt++) {
    const pin = nextPin();
    if (await findUserByPin(db, secret, pass.propertyId, pin)) {
      if (attempt >= MAX_ATTEMPTS) throw new Error('no free guest PIN');
      continue;
    }
    try {
      return await db.transaction(async (savepoint) => {
        const [row] = await savepoint
          .insert(deliveryPasses)
          .values({
            propertyId: pass.propertyId,
            createdBy: pass.createdBy,
            name: pass.name,
            company: pass.company,
            tokenHash: sha256Hex(token),
            tokenSealed: seal(sealKeyOf(secret), token),
            pinSealed: seal(sealKeyOf(secret), pin),
            pinLookup: pinLookupHmac(secret, pass.propertyId, pin),
            startsAt: now,
            endsAt: new Date(now.getTime() + pass.hours * HOUR_MS),
            usesAllowed: pass.uses,
            notify: pass.notify,
            gateIds: pass.gateIds ?? null,
            linkHash: sha256Hex(linkToken),
            linkSealed: seal(sealKeyOf(secret), linkToken),
          })
          .returning();
        return row;
      });
    } catch (error) {
      if (!isUniqueViolation(error, 'delivery_passes_live_pin_unique') || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

export function stateOf(row: DeliveryPassRow, now: Date): DeliveryPassDto['state'] {
  if (row.cancelledAt) return 'cancelled';
  if (row.usesTaken >= row.usesAllowed) return 'used-up';
  if (row.endsAt <= now) return 'ended';
  return 'valid';
}

export const usesLeftOf = (row: DeliveryPassRow) => Math.max(0, row.usesAllowed - row.usesTaken);

/** The courier's page link token, or null for a pass made before links. */
export const deliveryLinkTokenOf = (secret: Buffer, row: DeliveryPassRow) =>
  row.linkSealed ? open(sealKeyOf(secret), row.linkSealed) : null;

/** The courier's page address, or null for a pass made before links. */
export const deliveryPassLink = (secret: Buffer, appUrl: string, row: DeliveryPassRow) => {
  const linkToken = deliveryLinkTokenOf(secret, row);
  return linkToken ? `${appUrl}/delivery/${linkToken}` : null;
};

/** The gate token and guest PIN of a pass, for its creator and its page. */
export const deliveryPassSecrets = (secret: Buffer, row: DeliveryPassRow) => ({
  pin: open(sealKeyOf(secret), row.pinSealed),
  code: open(sealKeyOf(secret), row.tokenSealed),
});

export function toDeliveryPassDto(
  config: { secret: Buffer; appUrl: string },
  row: DeliveryPassRow,
  now: Date,
): DeliveryPassDto {
  return {
    _id: row.id,
    propertyId: row.propertyId,
    name: row.name,
    company: row.company,
    ...deliveryPassSecrets(config.secret, row),
    link: deliveryPassLink(config.secret, config.appUrl, row),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    usesAllowed: row.usesAllowed,
    usesLeft: usesLeftOf(row),
    notify: row.notify,
    state: stateOf(row, now),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The newest passes a caller may see: a resident's own, or a property's. */
export function listDeliveryPasses(db: Queryable, filter: { propertyId?: string; createdBy?: string }) {
  return db
    .select()
    .from(deliveryPasses)
    .where(
      and(
        filter.propertyId ? eq(deliveryPasses.propertyId, filter.propertyId) : undefined,
        filter.createdBy ? eq(deliveryPasses.createdBy, filter.createdBy) : undefined,
      ),
    )
    .orderBy(desc(deliveryPasses.createdAt))
    .limit(100);
}

/** The pass a courier's page link names, with its property, in one query; or null. */
export async function findDeliveryPassByLink(db: Queryable, linkToken: string) {
  const [row] = await db
    .select({ pass: deliveryPasses, property: propertyRowColumns })
    .from(deliveryPasses)
    .innerJoin(properties, eq(properties.id, deliveryPasses.propertyId))
    .where(eq(deliveryPasses.linkHash, sha256Hex(linkToken)))
    .limit(1);
  return row ?? null;
}

export async function findDeliveryPass(db: Queryable, passId: string) {
  const [row] = await db.select().from(deliveryPasses).where(eq(deliveryPasses.id, passId)).limit(1);
  return row ?? null;
}

/** Ends the pass at once: its QR, its PIN (freed) and its uses. */
export async function cancelDeliveryPass(db: Queryable, passId: string, now: Date) {
  const [row] = await db
    .update(deliveryPasses)
    .set({ cancelledAt: now, pinLookup: null })
    .where(eq(deliveryPasses.id, passId))
    .returning();
  return row ?? null;
}

/** The pass with its property and creator, in one query. */
export async function findDeliveryPassWithPeople(db: Queryable, passId: string) {
  const [row] = await db
    .select({ pass: deliveryPasses, property: propertyRowColumns, creator: accountRowColumns })
    .from(deliveryPasses)
    .innerJoin(properties, eq(properties.id, deliveryPasses.propertyId))
    .innerJoin(accountRows, eq(accountRows.id, deliveryPasses.createdBy))
    .where(eq(deliveryPasses.id, passId))
    .limit(1);
  return row ?? null;
}

/** The ids of the delivery passes the person made. */
export async function deliveryPassIdsMadeBy(db: Queryable, userId: string): Promise<{ id: string }[]> {
  return db.select({ id: deliveryPasses.id }).from(deliveryPasses).where(eq(deliveryPasses.createdBy, userId));
}

/** The delivery passes the person made, oldest first. */
export async function deliveryPassesMadeBy(db: Queryable, userId: string) {
  return db
    .select()
    .from(deliveryPasses)
    .where(eq(deliveryPasses.createdBy, userId))
    .orderBy(asc(deliveryPasses.createdAt));
}
