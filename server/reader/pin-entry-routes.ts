import { ACCOUNT_MESSAGES, pinEntryRequest } from '@core/api/accounts';
import { errorResponse } from '@core/api/common';
import { entryAnswer } from '@core/api/entry';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceOf } from '../authorization/device-key';
import { devicePermission } from '../authorization/route-permissions';
import { decideAtGate, type GateDeps } from '../gates/gate-decision';
import { TooManyRequests } from '../platform/errors/too-many';
import { admitDelivery } from './delivery-grant';
import { KeypadLockout } from './keypad-lockout';

/** A refused keypad entry names no one: the PIN was not someone's, or was not tried. */
const keypad = { callerType: 'user', credential: 'pin' } as const;

/**
 * POST /api/access/pin: a keypad sends a resident's secure PIN; the same answer shape as
 * /api/access/qr. Identifies the PIN (the feature, the keypad's lockout, a resident's or a
 * delivery pass's PIN), then hands the verdict to the gate decision (gates/gate-decision.ts).
 */
export async function pinEntryRoutes(app: FastifyInstance, { gate }: { gate: GateDeps }) {
  const lockout = new KeypadLockout(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/access/pin',
    {
      config: { permission: devicePermission, activity: null },
      schema: {
        tags: ['gate readers'],
        summary: 'A keypad sent a secure PIN: open the gate for the resident whose PIN it is',
        body: pinEntryRequest,
        response: { 200: entryAnswer, 429: errorResponse },
      },
    },
    async (request) => {
      const { device, property } = deviceOf(request);
      const { pin, decideBy } = request.body;
      const call = { device, property, who: keypad, counted: 'pin', decideBy };
      const refuse = async (outcome: string, reason: string) =>
        (await decideAtGate(gate, call, { refuse: outcome, reason })).answer;
      if (!property.propertyFeatures.includes('securepin'))
        return refuse('feature_off', ACCOUNT_MESSAGES.pinFeatureOff);
      const entry = await lockout.enter(device, pin).catch(async (refusal: unknown) => {
        if (refusal instanceof TooManyRequests)
          await decideAtGate(gate, call, {
            throttle: 'locked',
            error: refusal,
            logReason: ACCOUNT_MESSAGES.pinLockedOut,
          });
        throw refusal;
      });
      const user = entry.found;
      if (!user) {
        const delivery = await admitDelivery(app, gate, { device, property }, { pin }, decideBy);
        if (delivery) {
          await lockout.deliveryPin(entry);
          return delivery;
        }
        await lockout.wrongPin(entry);
        return refuse('wrong_pin', ACCOUNT_MESSAGES.pinWrong);
      }
      const { firstName, lastName, email, phoneNumber } = user;
      const who = { ...keypad, actorUserId: user.id, userDetails: { firstName, lastName, email, phoneNumber } };
      const grant = { reason: ACCOUNT_MESSAGES.pinGranted, resident: { firstName } };
      return (await decideAtGate(gate, { ...call, who }, { grant, lateAs: keypad })).answer;
    },
  );
}
