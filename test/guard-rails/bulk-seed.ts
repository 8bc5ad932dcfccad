import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { users } from '../../server/accounts/account-tables';
import { devices } from '../../server/device-records/device-tables';
import { sha256Hex } from '../../server/platform/crypto/keys';
import { properties } from '../../server/property-records/property-tables';
import { qrCodes, visitors } from '../../server/visitors/visitor-tables';
import type { GuardWorld } from './guard-world';
import { uniqueSuffix } from './guard-world';

const range = (count: number) => Array.from({ length: count }, (_, i) => i);

/** Inserts in slices so no statement carries more parameters than PostgreSQL takes. */
async function insertAll<T>(count: number, insert: (slice: number[]) => Promise<T>) {
  const all = range(count);
  for (let start = 0; start < count; start += 500) await insert(all.slice(start, start + 500));
}

/**
 * More rows than any list may return, of every kind a list shows, all reachable by the world's
 * callers: properties, and in property A users, devices, the owner's visitors, one visitor's
 * QR codes, and `logCount` gate events.
 */
export async function seedManyOfEverything(world: GuardWorld, visitorId: string, count: number, logCount: number) {
  const db = world.app.db;
  const tag = uniqueSuffix();
  const now = world.app.config.now();
  await insertAll(count, (slice) =>
    db
      .insert(properties)
      .values(slice.map((i) => ({ propertyName: `Many ${tag} ${i}`, propertyLocation: 'Somewhere' }))),
  );
  await insertAll(count, (slice) =>
    db.insert(users).values(
      slice.map((i) => ({
        firstName: 'Many',
        lastName: `${i}`,
        email: `many.${tag}.${i}@example.com`,
        role: 'resident' as const,
        propertyId: world.propertyA,
      })),
    ),
  );
  await insertAll(count, (slice) =>
    db.insert(devices).values(
      slice.map((i) => ({
        propertyId: world.propertyA,
        deviceName: `Gate ${i}`,
        deviceIpAddress: '127.0.0.1:9',
        deviceKeyHash: sha256Hex(`${tag}-${i}`),
      })),
    ),
  );
  await insertAll(count, (slice) =>
    db.insert(visitors).values(
      slice.map((i) => ({
        firstName: 'Many',
        lastName: `${i}`,
        email: `visitor.${tag}.${i}@example.com`,
        propertyId: world.propertyA,
        createdBy: world.owner.id,
      })),
    ),
  );
  await insertAll(count, (slice) =>
    db.insert(qrCodes).values(
      slice.map(() => ({
        visitorId,
        propertyId: world.propertyA,
        createdBy: world.owner.id,
        tokenHash: sha256Hex(crypto.randomUUID()),
        qrFirstName: 'Many',
        qrLastName: 'Codes',
        qrType: 'betweenDates' as const,
        startDate: now,
        endDate: new Date(now.getTime() + 24 * 3600 * 1000),
      })),
    ),
  );
  await db.execute(sql`
    insert into relay_logs (timestamp, property_id, actor_user_id, caller_type, status)
    select ${now.toISOString()}::timestamptz - g * interval '1 second', ${world.propertyA}::uuid, ${world.owner.id}::uuid, 'user', 'success'
    from generate_series(1, ${logCount}::int) g`);
}
