import { accessResponse, QR_ACCESS_REASONS } from '@core/api/access';
import { CARD_ACCESS_REASONS, cardAccessRequest } from '@core/api/cards';
import { errorResponse } from '@core/api/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceOf, type GateDevice, type GateProperty } from '../authorization/device-key';
import { deviceAccess } from '../authorization/route-permissions';
import { markCardUsed } from '../cards/card-use-queries';
import { type GateLogDetails, gateLogTarget, openGate } from '../gates/open-gate';
import { commitRelayLog } from '../gates/relay-log-batcher';
import { TooManyRequests } from '../platform/errors/too-many';
import { type CardHolder, CardLockout } from './card-lockout';
import { GATE_DID_NOT_OPEN } from './qr-grant';
import { readerGaveUp } from './reader-deadline';

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

/** A refused card: one failed relay log row with the reason (and the holder, when known), and no pulse. */
function logRefusal(
  app: FastifyInstance,
  device: GateDevice,
  property: GateProperty,
  reason: string,
  holder: CardHolder | null,
) {
  return commitRelayLog(app.db, {
    ...cardLogDetails(holder),
    timestamp: app.config.now(),
    status: 'failed',
    reason,
    ...gateLogTarget(device, property),
  });
}

/** POST /api/access/card: a card reader sends the number it read; the same answer shape as QR and PIN. */
export async function cardAccessRoutes(app: FastifyInstance) {
  const lockout = new CardLockout(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/access/card',
    {
      config: { access: deviceAccess },
      schema: {
        tags: ['gate readers'],
        summary: 'A card reader read a card or fob: open the gate for the person it is enrolled to',
        body: cardAccessRequest,
        response: { 200: accessResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const decided = (outcome: string) => app.metrics.gateDecisions.inc({ credential: 'card', outcome });
      const { device, property } = deviceOf(request);
      const refuse = async (outcome: string, reason: string, holder: CardHolder | null = null) => {
        decided(outcome);
        await logRefusal(app, device, property, reason, holder);
        return { granted: false, reason };
      };
      if (!property.propertyFeatures.includes('rfid')) return refuse('feature_off', CARD_ACCESS_REASONS.featureOff);
      const tap = await lockout.tap(device, request.body.card).catch((refusal: unknown) => {
        if (refusal instanceof TooManyRequests) decided('throttled');
        throw refusal;
      });
      const found = tap.found;
      if (!found) {
        await lockout.unknown(tap);
        return refuse('unknown', CARD_ACCESS_REASONS.unknown);
      }
      if (!found.enabled) return refuse('disabled', CARD_ACCESS_REASONS.disabled, found.holder);
      if (readerGaveUp(request.body.decideBy, app.config.now()))
        return refuse('late', QR_ACCESS_REASONS.late, found.holder);
      const [opening] = await Promise.all([
        openGate(app, { device, property, logDetails: cardLogDetails(found.holder) }),
        markCardUsed(app.db, found.cardId, app.config.now()),
      ]);
      decided(opening.status === 'failed' ? 'relay_failed' : 'granted');
      if (opening.status === 'failed') return { granted: false, reason: GATE_DID_NOT_OPEN };
      return { granted: true, reason: CARD_ACCESS_REASONS.granted, resident: { firstName: found.holder.firstName } };
    },
  );
}
