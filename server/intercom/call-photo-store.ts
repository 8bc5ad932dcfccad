import { eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { intercomCallPhotos, intercomSettings } from './intercom-tables';

/** The largest still a reader may send (about 100 kB, the size). */
export const CALL_PHOTO_MAX_BYTES = 100 * 1024;
export const CALL_PHOTO_DEFAULT_DAYS = 30;

/** A JPEG starts with the SOI marker and its first segment's marker. */
export const isJpeg = (bytes: Buffer) =>
  bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** Keeps the call's still; false when it already has one (a call has one photo, taken at its start). */
export async function keepCallPhoto(db: Queryable, callId: string, propertyId: string, jpeg: Buffer, at: Date) {
  const rows = await db
    .insert(intercomCallPhotos)
    .values({ callId, propertyId, jpeg, takenAt: at })
    .onConflictDoNothing()
    .returning({ callId: intercomCallPhotos.callId });
  return rows.length === 1;
}

export async function callPhoto(db: Queryable, callId: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ jpeg: intercomCallPhotos.jpeg })
    .from(intercomCallPhotos)
    .where(eq(intercomCallPhotos.callId, callId));
  return row?.jpeg ?? null;
}

/**
 * The daily upkeep: removes every call photo older than its property's "Keep call photos for N
 * days" (30 when the property never set it). The calls themselves stay in the history.
 */
export async function forgetOldCallPhotos(db: Queryable, now: Date): Promise<number> {
  const rows = await db
    .delete(intercomCallPhotos)
    .where(
      lt(
        intercomCallPhotos.takenAt,
        sql`${now.toISOString()}::timestamptz - make_interval(days => coalesce((select ${intercomSettings.callPhotoRetentionDays} from ${intercomSettings} where ${intercomSettings.propertyId} = ${intercomCallPhotos.propertyId}), ${CALL_PHOTO_DEFAULT_DAYS}))`,
      ),
    )
    .returning({ callId: intercomCallPhotos.callId });
  return rows.length;
}

export async function photoRetentionDays(db: Queryable, propertyId: string): Promise<number> {
  const [row] = await db
    .select({ days: intercomSettings.callPhotoRetentionDays })
    .from(intercomSettings)
    .where(eq(intercomSettings.propertyId, propertyId));
  return row?.days ?? CALL_PHOTO_DEFAULT_DAYS;
}

export async function setPhotoRetentionDays(db: Queryable, propertyId: string, days: number) {
  await db
    .insert(intercomSettings)
    .values({ propertyId, callPhotoRetentionDays: days })
    .onConflictDoUpdate({ target: intercomSettings.propertyId, set: { callPhotoRetentionDays: days } });
}
