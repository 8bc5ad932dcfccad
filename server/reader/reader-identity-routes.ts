import { readerIdentityResponse } from '@core/api/entry';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceOf } from '../authorization/device-key';
import { devicePermission } from '../authorization/route-permissions';
import { gateLockedDown } from '../property-rules/lockdown-cover';

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
      const intercom = property.propertyFeatures.includes('intercom');
      return {
        gateName: device.deviceName,
        propertyName: property.propertyName,
        securePin: property.propertyFeatures.includes('securepin'),
        cards: property.propertyFeatures.includes('rfid'),
        intercom,
        // The intercom's button says "Gate locked down" (and calls nobody) while a lockdown holds.
        lockedDown: intercom
          ? await gateLockedDown(app.db, { propertyId: property.id, deviceId: device.id, at: app.config.now() })
          : false,
        serverTime: app.config.now().getTime(),
      };
    },
  );
}
