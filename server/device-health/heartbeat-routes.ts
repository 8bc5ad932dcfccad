import { errorResponse } from '@core/api/common';
import { heartbeatBody } from '@core/api/devices';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceKeyOf, refuseUnknownDeviceKey } from '../authorization/device-key';
import { deviceReadInRoutePermission } from '../authorization/route-permissions';
import { recordHeartbeat } from './seen-writes';

/** POST /api/devices/heartbeat: a gate reader says it is alive, every 30 s. */
export async function heartbeatRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/devices/heartbeat',
    {
      config: { permission: deviceReadInRoutePermission, activity: null },
      schema: {
        tags: ['gate readers'],
        summary: 'A gate reader is alive: marks its device seen (Devices by Property shows it Online)',
        body: heartbeatBody,
        response: { 204: z.void(), 429: errorResponse },
      },
    },
    async (request, reply) => {
      const key = deviceKeyOf(request);
      const deviceId = await recordHeartbeat(app.db, key.hash, app.config.now());
      if (!deviceId)
        return refuseUnknownDeviceKey(
          { db: app.db, now: app.config.now, deviceKeys: app.deviceKeys },
          request,
          key.hash,
        );
      return reply.status(204).send();
    },
  );
}
