import { readerIdentityResponse } from '@core/api/entry';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceOf } from '../authorization/device-key';
import { devicePermission } from '../authorization/route-permissions';

/** GET /api/access/reader: the gate reader page asks who its device key belongs to. */
export async function readerIdentityRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/access/reader',
    {
      config: { permission: devicePermission },
      schema: {
        tags: ['gate readers'],
        summary: 'A gate reader asks which gate and property its device key belongs to',
        response: { 200: readerIdentityResponse },
      },
    },
    async (request) => {
      const { device, property } = deviceOf(request);
      return {
        gateName: device.deviceName,
        propertyName: property.propertyName,
        securePin: property.propertyFeatures.includes('securepin'),
        cards: property.propertyFeatures.includes('rfid'),
        serverTime: app.config.now().getTime(),
      };
    },
  );
}
