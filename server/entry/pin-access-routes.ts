import { accessResponse, QR_ACCESS_REASONS } from '@core/api/access';
import { ACCOUNT_MESSAGES, pinAccessRequest } from '@core/api/accounts';
import { errorResponse } from '@core/api/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceOf, type GateDevice, type GateProperty } from '../authorization/device-key';
import { deviceAccess } from '../authorization/route-permissions';
import { gateLogTarget, openGate } from '../gates/open-gate';
import { commitRelayLog } from '../gates/relay-log-batcher';
import { TooManyRequests } from '../platform/errors/too-many';
import { admitDelivery } from './delivery-grant';
import { KeypadLockout } from './keypad-lockout';
import { GATE_DID_NOT_OPEN } from './qr-grant';
import { readerGaveUp } from './reader-deadline';

/** A refused keypad entry: one failed relay log row with the reason, and no pulse. */
function logRefusal(app: FastifyInstance, device: GateDevice, property: GateProperty, reason: string) {
  return commitRelayLog(app.db, {
    timestamp: app.config.now(),
    callerType: 'user',
    credential: 'pin',
    status: 'failed',
    reason,
    ...gateLogTarget(device, property),
  });
}

/** POST /api/access/pin: a keypad sends a resident's secure PIN; the same answer shape as /api/access/qr. */
export async function pinAccessRoutes(app: FastifyInstance) {
  const lockout = new KeypadLockout(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/access/pin',
    {
      config: { access: deviceAccess },
      schema: {
        tags: ['gate readers'],
        summary: 'A keypad sent a secure PIN: open the gate for the resident whose PIN it is',
        body: pinAccessRequest,
        response: { 200: accessResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const decided = (outcome: string) => app.metrics.gateDecisions.inc({ credential: 'pin', outcome });
      const { device, property } = deviceOf(request);
      if (!property.propertyFeatures.includes('securepin')) {
        decided('feature_off');
        await logRefusal(app, device, property, ACCOUNT_MESSAGES.pinFeatureOff);
        return { granted: false, reason: ACCOUNT_MESSAGES.pinFeatureOff };
      }
      const entry = await lockout.enter(device, request.body.pin).catch(async (refusal: unknown) => {
        if (refusal instanceof TooManyRequests) {
          decided('locked');
          await logRefusal(app, device, property, ACCOUNT_MESSAGES.pinLockedOut);
        }
        throw refusal;
      });
      const user = entry.found;
      if (!user) {
        const delivery = await admitDelivery(
          app,
          { device, property },
          { pin: request.body.pin },
          request.body.decideBy,
        );
        if (delivery) {
          await lockout.deliveryPin(entry);
          return delivery;
        }
        decided('wrong_pin');
        await lockout.wrongPin(entry);
        await logRefusal(app, device, property, ACCOUNT_MESSAGES.pinWrong);
        return { granted: false, reason: ACCOUNT_MESSAGES.pinWrong };
      }
      if (readerGaveUp(request.body.decideBy, app.config.now())) {
        decided('late');
        await logRefusal(app, device, property, QR_ACCESS_REASONS.late);
        return { granted: false, reason: QR_ACCESS_REASONS.late };
      }
      const opening = await openGate(app, {
        device,
        property,
        logDetails: {
          callerType: 'user',
          credential: 'pin',
          actorUserId: user.id,
          userDetails: {
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            phoneNumber: user.phoneNumber,
          },
        },
      });
      decided(opening.status === 'failed' ? 'relay_failed' : 'granted');
      if (opening.status === 'failed') return { granted: false, reason: GATE_DID_NOT_OPEN };
      return { granted: true, reason: ACCOUNT_MESSAGES.pinGranted, resident: { firstName: user.firstName } };
    },
  );
}
