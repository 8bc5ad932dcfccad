import type { PassDto, PassState } from '@core/api/passes';
import type { WalletLinks } from '@core/api/wallet';
import { readableTime } from '@core/time/readable-time';
import { decideQrAt, type QrDecisionReason } from '@core/validity/qr-validity';
import { describeWindow } from '@core/validity/window-messages';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { qrImageOf } from '../platform/images/qr-image';
import { findProperty } from '../property-records/property-queries';
import { openGateToken, passLinkHashOf } from './visitor-pass-link';
import { qrCodes } from './visitor-tables';

const STATE_OF: Record<Exclude<QrDecisionReason, 'unknown'>, PassState> = {
  valid: 'valid',
  'not-yet-valid': 'upcoming',
  'outside-window': 'outside',
  expired: 'ended',
};

/** The code a pass link names, with its property; null when there is none (or it was deleted). */
export async function findPass(db: Queryable, linkToken: string) {
  const [code] = await db
    .select()
    .from(qrCodes)
    .where(eq(qrCodes.passLinkHash, passLinkHashOf(linkToken)))
    .limit(1);
  const property = code && (await findProperty(db, code.propertyId));
  return code && property ? { code, property } : null;
}

export type FoundPass = NonNullable<Awaited<ReturnType<typeof findPass>>>;

/** What the pass page shows now; an ended pass shows no QR. */
export async function passPage(
  secret: Buffer,
  { code, property }: FoundPass,
  now: Date,
): Promise<Omit<PassDto, keyof WalletLinks>> {
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
    validFrom: state === 'upcoming' ? readableTime(code.startDate, property.timeZone) : null,
    qrImage,
  };
}
