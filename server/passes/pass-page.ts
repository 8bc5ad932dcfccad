import type { PassDto, PassState } from '@core/api/passes';
import { readableInstant } from '@core/time/readable-time';
import { decideQrAt, type QrDecisionReason } from '@core/validity/qr-validity';
import { describeWindow } from '@core/validity/window-messages';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { properties, qrCodes } from '../platform/db/schema';
import { qrImageOf } from '../platform/images/qr-image';
import { openGateToken, passLinkHashOf } from './pass-link';

const STATE_OF: Record<Exclude<QrDecisionReason, 'unknown'>, PassState> = {
  valid: 'valid',
  'not-yet-valid': 'upcoming',
  'outside-window': 'outside',
  expired: 'ended',
};

/** The code a pass link names, with its property; null when there is none (or it was deleted). */
export async function findPass(db: Queryable, linkToken: string) {
  const [row] = await db
    .select({ code: qrCodes, property: properties })
    .from(qrCodes)
    .innerJoin(properties, eq(properties.id, qrCodes.propertyId))
    .where(eq(qrCodes.passLinkHash, passLinkHashOf(linkToken)))
    .limit(1);
  return row ?? null;
}

export type FoundPass = NonNullable<Awaited<ReturnType<typeof findPass>>>;

/** What the pass page shows now; an ended pass shows no QR. */
export async function passPage(secret: Buffer, { code, property }: FoundPass, now: Date): Promise<PassDto> {
  const decision = decideQrAt(code, now, property.timeZone);
  const state = decision === 'unknown' ? 'ended' : STATE_OF[decision];
  const qrImage =
    state === 'ended' || !code.tokenSealed ? null : await qrImageOf(openGateToken(secret, code.tokenSealed));
  return {
    firstName: code.qrFirstName,
    lastName: code.qrLastName,
    propertyName: property.propertyName,
    propertyLocation: property.propertyLocation,
    timeZone: property.timeZone,
    window: describeWindow(code, property.timeZone),
    state,
    validFrom: state === 'upcoming' ? readableInstant(code.startDate, property.timeZone) : null,
    qrImage,
  };
}
