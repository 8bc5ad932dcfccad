import { errorResponse } from '@core/api/common';
import { gateDevicesResponse, triggerRelayBody, triggerRelayResponse } from '@core/api/devices';
import { ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { favouriteGateOf } from '../accounts/account-store';
import { allow, callerOf, callerReadInScope, withApiKeyScope } from '../authorization/route-permissions';
import { notFound } from '../platform/errors/http-error';
import { inNoGateGroup } from '../property-rules/gateless-resident';
import { queuePushNotice } from '../push/push-notices';
import type { GateDeps } from './gate-decision';
import { loadedGate, loadGateScope } from './loaded-gate';
import { openAsPerson } from './person-opening';
import { visibleGates } from './visible-gates';

export async function gateRoutes(app: FastifyInstance, { gate }: { gate: GateDeps }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/device/get-gate-devices',
    {
      config: { permission: allow(ROLES) },
      schema: { tags: ['gates'], response: { 200: gateDevicesResponse } },
    },
    async (request) => {
      const caller = callerOf(request);
      const [gateDevices, favourite, shutOut] = await Promise.all([
        visibleGates(app.db, caller, app.config.now()),
        favouriteGateOf(app.db, caller.userId),
        caller.role === 'resident' ? inNoGateGroup(app.db, caller.userId) : false,
      ]);
      // A favourite the caller can no longer open (moved, left the group) is not offered.
      const favouriteGateId = gateDevices.some((gate) => gate.id === favourite) ? favourite : null;
      return { gateDevices, favouriteGateId, inNoGateGroup: shutOut };
    },
  );

  api.post(
    '/api/device/trigger-relay',
    {
      config: {
        permission: withApiKeyScope(callerReadInScope(ROLES, loadGateScope), 'gates:open'),
        // A remote open is a gate event: the gate log holds it.
        activity: null,
      },
      schema: {
        tags: ['gates'],
        body: triggerRelayBody,
        response: { 200: triggerRelayResponse, 403: errorResponse, 429: errorResponse, 502: triggerRelayResponse },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { device, property } = loadedGate(request);
      if (device.propertyId !== request.body.propertyId) throw notFound('Device not found');
      const opened = await openAsPerson(gate, { device, property }, caller, 'remote', 'Gate opened successfully!');
      // Also on their phone: they may have pressed and walked on before the answer came.
      if (opened.relayStatus === 'failed')
        await queuePushNotice(app, app.db, [caller.userId], { event: 'gate-failed', deviceId: device.id });
      return reply.status(opened.status).send(opened.answer);
    },
  );
}
