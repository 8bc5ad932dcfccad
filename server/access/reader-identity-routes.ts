import { readerIdentityResponse } from '@core/api/access';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { properties } from '../db/schema';
import { deviceAccess, deviceOf } from '../http/access';

/** GET /api/access/reader: the gate reader page asks who its device key belongs to. */
export async function readerIdentityRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/access/reader',
    {
      config: { access: deviceAccess },
      schema: {
        tags: ['gate readers'],
        summary: 'A gate reader asks which gate and property its device key belongs to',
        response: { 200: readerIdentityResponse },
      },
    },
    async (request) => {
      const device = deviceOf(request);
      // A device's property cannot be deleted while the device exists (foreign key, restrict).
      const [property] = await app.db
        .select({ propertyName: properties.propertyName, features: properties.propertyFeatures })
        .from(properties)
        .where(eq(properties.id, device.propertyId));
      return {
        gateName: device.deviceName,
        propertyName: property.propertyName,
        securePin: property.features.includes('securepin'),
      };
    },
  );
}
