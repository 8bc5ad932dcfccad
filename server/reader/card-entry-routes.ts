import { CARD_ACCESS_REASONS, cardEntryRequest } from '@core/api/cards';
import { errorResponse } from '@core/api/common';
import { entryAnswer } from '@core/api/entry';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceOf } from '../authorization/device-key';
import { devicePermission } from '../authorization/route-permissions';
import { markCardUsed } from '../gate-credentials/card-use-queries';
import { decideAtGate, type GateDeps, type GateLogDetails } from '../gates/gate-decision';
import { TooManyRequests } from '../platform/errors/too-many';
import { type CardHolder, CardLockout } from './card-lockout';

const cardLogDetails = (holder: CardHolder | null): GateLogDetails => ({
  callerType: 'user',
  credential: 'card',
  actorUserId: holder?.id ?? null,
  userDetails: holder && {
    firstName: holder.firstName,
    lastName: holder.lastName,
    email: holder.email,
    phoneNumber: holder.phoneNumber,
  },
});

/**
 * POST /api/access/card: a card reader sends the number it read; the same answer shape as QR and
 * PIN. Identifies the card (the feature, the reader's lockout, the enrolled card and its holder),
 * then hands the verdict to the gate decision (gates/gate-decision.ts).
 */
export async function cardEntryRoutes(app: FastifyInstance, { gate }: { gate: GateDeps }) {
  const lockout = new CardLockout(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/access/card',
    {
      config: { permission: devicePermission, activity: null },
      schema: {
        tags: ['gate readers'],
        summary: 'A card reader read a card or fob: open the gate for the person it is enrolled to',
        body: cardEntryRequest,
        response: { 200: entryAnswer, 429: errorResponse },
      },
    },
    async (request) => {
      const { device, property } = deviceOf(request);
      const call = { device, property, who: cardLogDetails(null), counted: 'card', decideBy: request.body.decideBy };
      const refuse = async (outcome: string, reason: string, holder: CardHolder | null = null) =>
        (await decideAtGate(gate, { ...call, who: cardLogDetails(holder) }, { refuse: outcome, reason })).answer;
      if (!property.propertyFeatures.includes('rfid')) return refuse('feature_off', CARD_ACCESS_REASONS.featureOff);
      const tap = await lockout.tap(device, request.body.card).catch(async (refusal: unknown) => {
        if (refusal instanceof TooManyRequests)
          await decideAtGate(gate, call, { throttle: 'throttled', error: refusal });
        throw refusal;
      });
      const found = tap.found;
      if (!found) {
        await lockout.unknown(tap);
        return refuse('unknown', CARD_ACCESS_REASONS.unknown);
      }
      if (!found.enabled) return refuse('disabled', CARD_ACCESS_REASONS.disabled, found.holder);
      const verdict = {
        grant: { reason: CARD_ACCESS_REASONS.granted, resident: { firstName: found.holder.firstName } },
        alongside: () => markCardUsed(gate.db, found.cardId, gate.now()),
      };
      return (await decideAtGate(gate, { ...call, who: cardLogDetails(found.holder) }, verdict)).answer;
    },
  );
}
