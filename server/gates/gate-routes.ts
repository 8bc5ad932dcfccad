import { errorResponse } from '@core/api/common';
import { gateDevicesResponse, triggerRelayBody, triggerRelayResponse } from '@core/api/devices';
import { gateFailedSentence } from '@core/api/gate-failures';
import { ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { favouriteGateOf } from '../accounts/account-store';
import { allow, callerOf, callerReadInScope, withApiKeyScope } from '../authorization/route-permissions';
import { forbidden, notFound } from '../platform/errors/http-error';
import { inNoGateGroup } from '../property-rules/gateless-resident';
import { queuePushNotice } from '../push/push-notices';
import { decideAtGate, type GateDeps } from './gate-decision';
import { loadedGate, loadGateScope } from './loaded-gate';
import { admitRemoteOpen } from './remote-open-limit';
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
      await admitRemoteOpen(gate.db, caller.userId, device.id, gate.now());
      const who = {
        callerType: 'user' as const,
        credential: 'remote' as const,
        actorUserId: caller.userId,
        userDetails: {
          firstName: caller.firstName,
          lastName: caller.lastName,
          email: caller.email,
          phoneNumber: caller.phoneNumber,
        },
      };
      // Remote opens were never counted in gateDecisions (relayPulses counts their pulses).
      const call = { device, property, who, counted: null };
      const decision = await decideAtGate(gate, call, { grant: { reason: 'Gate opened successfully!' } });
      const opening = decision.opening;
      // Refused by a property rule (lockdown, hours, suspension): nothing was asked of the relay.
      if (!opening) throw forbidden(decision.answer.notice ?? decision.answer.reason);
      const answer = {
        status: opening.status,
        relayOperations: opening.relayOperations,
        totalDuration: opening.totalDurationMs,
      };
      if (opening.status === 'success') return { ...answer, message: 'Gate opened successfully!' };
      // The person reads what happened in words; the relay's technical reason stays in the log.
      const failure = opening.failure ?? 'error-answer';
      // Also on their phone: they may have pressed and walked on before the answer came.
      if (opening.status === 'failed')
        await queuePushNotice(app, app.db, [caller.userId], { event: 'gate-failed', deviceId: device.id });
      return reply.status(502).send({ ...answer, failure, message: gateFailedSentence(device.deviceName, failure) });
    },
  );
}
