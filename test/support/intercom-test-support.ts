import type { FastifyInstance } from 'fastify';
import { devices } from '../../server/device-records/device-tables';
import { randomToken, sha256Hex } from '../../server/platform/crypto/keys';
import { bearer, type SeededUser, seedProperty, seedUser } from './test-app';

/** A gate reader of `propertyId` and the key it authenticates with. */
export async function seedReader(app: FastifyInstance, propertyId: string, name = 'North Gate') {
  const key = randomToken();
  const [device] = await app.db
    .insert(devices)
    .values({
      propertyId,
      deviceName: name,
      deviceType: 'gate',
      deviceIpAddress: '192.0.2.10',
      deviceKeyHash: sha256Hex(key),
    })
    .returning();
  return { device, key };
}

/**
 * A property with the intercom on, a reader at its "North Gate", its manager, and a resident
 * "Noor Okafor" (in "All residents", which covers every gate).
 */
export async function seedIntercomWorld(app: FastifyInstance, options: { features?: ('intercom' | 'qr')[] } = {}) {
  const property = await seedProperty(app, { propertyFeatures: options.features ?? ['qr', 'intercom'] });
  const reader = await seedReader(app, property.id);
  const manager = await seedUser(app, {
    role: 'admin',
    propertyId: property.id,
    firstName: 'Mona',
    lastName: 'Manager',
  });
  const resident = await seedUser(app, {
    role: 'resident',
    propertyId: property.id,
    firstName: 'Noor',
    lastName: 'Okafor',
    phoneNumber: '+15555550199',
  });
  return { property, reader, manager, resident };
}

/** What a reader sends: its key as a bearer. */
export const asReader = (reader: { key: string }) => bearer(reader.key);
export const asUser = (user: SeededUser) => bearer(user.token);

/** Searches the directory as `reader`; the answer. */
export function searchAt(app: FastifyInstance, reader: { key: string }, q: string) {
  return app.inject({
    method: 'GET',
    url: `/api/intercom/directory?q=${encodeURIComponent(q)}`,
    headers: asReader(reader),
  });
}

/** Finds `name` in the directory and calls them from `reader`; the created call's id. */
export async function callFrom(app: FastifyInstance, reader: { key: string }, name: string): Promise<string> {
  const found = await searchAt(app, reader, name);
  const entry = found.json().entries?.[0];
  if (!entry) throw new Error(`no directory entry for ${name}: ${found.body}`);
  const created = await app.inject({
    method: 'POST',
    url: '/api/intercom/calls',
    headers: asReader(reader),
    payload: { directoryId: entry._id },
  });
  if (created.statusCode !== 201) throw new Error(`call: ${created.statusCode} ${created.body}`);
  return created.json()._id;
}

/** A call route as someone: GET or POST /api/intercom/calls/:callId[/action]. */
export function callRoute(
  app: FastifyInstance,
  headers: Record<string, string>,
  callId: string,
  action?: 'answer' | 'decline' | 'end' | 'open',
) {
  return app.inject({
    method: action ? 'POST' : 'GET',
    url: `/api/intercom/calls/${callId}${action ? `/${action}` : ''}`,
    headers,
  });
}
