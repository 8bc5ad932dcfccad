import type { Orm } from '../server/platform/db/connect';
import { properties } from '../server/property-records/property-tables';

/** The 50 properties the bulk-upload benchmarks upload into; half of them have Secure PINs. */
export const insertBenchProperties = (db: Orm) =>
  db
    .insert(properties)
    .values(
      Array.from({ length: 50 }, (_, n) => ({
        propertyName: `Property ${n}`,
        propertyLocation: `${n} Bench Street`,
        propertyFeatures: n % 2 ? ['qr'] : ['qr', 'securepin'],
      })),
    )
    .returning({ id: properties.id });

/**
 * `count` upload rows spread over the properties: one in 20 a property manager, one in 3 with a
 * phone. `run` keeps emails and phones of successive uploads into one database apart.
 */
export const benchUploadRows = (count: number, propertyIds: { id: string }[], run?: number) =>
  Array.from({ length: count }, (_, i) => ({
    firstName: `First${i}`,
    lastName: `Last${i}`,
    email: run === undefined ? `bulk.${i}@bench.example.com` : `bulk.${run}.${i}@bench.example.com`,
    phoneNumber: i % 3 ? '' : `555${String((run ?? 0) * count + i).padStart(7, '0')}`,
    role: i % 20 ? ('resident' as const) : ('property manager' as const),
    propertyId: propertyIds[i % propertyIds.length].id,
  }));
