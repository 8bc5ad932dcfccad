import { errorResponse } from '@core/api/common';
import { gateDevicesResponse, triggerRelayBody, triggerRelayResponse } from '@core/api/devices';
import { gateFailedSentence } from '@core/api/gate-failures';
import { MAX_UNPAGED_LIST } from '@core/constants';
import { ROLES } from '@core/roles';
import { gateHoursAt } from '@core/rules/gate-hours';
import { wallTimeAt } from '@core/time/zoned-time';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow, callerOf, callerReadInScope } from '../authorization/route-permissions';
import { healthFieldsOf } from '../device-health/health-rule';
import { deviceHealth, devices, properties } from '../platform/db/schema';
import { forbidden, notFound } from '../platform/errors/http-error';
import { gateSchedulesOfUser } from '../property-rules/gate-schedules';
import { decideAtGate, type GateDeps } from './gate-decision';
import { loadedGate, loadGateScope } from './loaded-gate';
import { admitRemoteOpen } from './remote-open-limit';

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
      if (caller.role !== 'superadmin' && !caller.propertyId) return { gateDevices: [] };
      const now = app.config.now();
      // A resident sees only the gates one of their groups includes, with their hours there.
      const schedules = caller.role === 'resident' ? await gateSchedulesOfUser(app.db, caller.userId) : null;
      const rows = await app.db
        .select({ device: devices, health: deviceHealth, timeZone: properties.timeZone })
        .from(devices)
        .innerJoin(properties, eq(properties.id, devices.propertyId))
        .leftJoin(deviceHealth, eq(deviceHealth.deviceId, devices.id))
        .where(
          and(
            eq(devices.deviceType, 'gate'),
            caller.role === 'superadmin' ? undefined : eq(devices.propertyId, caller.propertyId as string),
          ),
        )
        .orderBy(asc(devices.deviceName))
        .limit(MAX_UNPAGED_LIST);
      const hoursOf = (deviceId: string, timeZone: string) =>
        schedules
          ? gateHoursAt(schedules.get(deviceId) ?? [], wallTimeAt(now, timeZone))
          : { allowedNow: true, opensAt: null };
      return {
        gateDevices: rows
          .filter(({ device }) => !schedules || schedules.has(device.id))
          .map(({ device, health, timeZone }) => ({
            id: device.id,
            deviceName: device.deviceName,
            deviceLabel: device.deviceLabel,
            deviceType: device.deviceType,
            propertyId: device.propertyId,
            ...healthFieldsOf(health, now),
            ...hoursOf(device.id, timeZone),
          })),
      };
    },
  );

  api.post(
    '/api/device/trigger-relay',
    {
      config: {
        permission: callerReadInScope(ROLES, (request, app) => loadGateScope(app, request)),
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
      return reply.status(502).send({ ...answer, failure, message: gateFailedSentence(device.deviceName, failure) });
    },
  );
}
