import { errorResponse } from '@core/api/common';
import { DEVICE_MESSAGES } from '@core/api/device-messages';
import { favouriteGateRequest, favouriteGateResponse } from '@core/api/devices';
import { ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setFavouriteGate } from '../accounts/account-store';
import { allow, callerOf } from '../authorization/route-permissions';
import { badRequest } from '../platform/errors/http-error';
import { visibleGates } from './visible-gates';

/** The caller's favourite gate: the app's start screen opens it in one tap (docs/decisions/0054). */
export async function favouriteGateRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/api/device/favourite-gate',
    {
      // A shortcut of one's own that opens nothing by itself: the gate log keeps every open.
      config: { permission: allow(ROLES), activity: null },
      schema: {
        tags: ['gates'],
        summary: 'Mark one of your gates as the one the app opens on, or none (null)',
        body: favouriteGateRequest,
        response: { 200: favouriteGateResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { deviceId } = request.body;
      let message: string = DEVICE_MESSAGES.favouriteGateCleared;
      if (deviceId) {
        const gate = (await visibleGates(app.db, caller, app.config.now())).find((one) => one.id === deviceId);
        if (!gate) throw badRequest(DEVICE_MESSAGES.favouriteGateNotYours, 'deviceId');
        message = DEVICE_MESSAGES.favouriteGateSet(gate.deviceName);
      }
      await setFavouriteGate(app.db, caller.userId, deviceId);
      return { message, favouriteGateId: deviceId };
    },
  );
}
