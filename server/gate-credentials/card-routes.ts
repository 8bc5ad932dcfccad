import {
  CARD_MESSAGES,
  cardIdParams,
  cardResponse,
  cardsResponse,
  enrolCardRequest,
  propertyCardsParams,
  rfidOffHint,
  updateCardRequest,
} from '@core/api/cards';
import { errorResponse } from '@core/api/common';
import { cardHint, parseCardNumber } from '@core/cards/card-number';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changesBetween, created, removed } from '../activity/activity-changes';
import { recordActivity } from '../activity/record-activity';
import { findAccount, targetAccountOf } from '../authorization/account-scope';
import { allowInPropertyOfPath } from '../authorization/property-in-path';
import { allow, callerOf, withinScope } from '../authorization/route-permissions';
import type { Queryable } from '../platform/db/connect';
import { badRequest, notFound } from '../platform/errors/http-error';
import { cardLookupHash } from './card-number-hash';
import { cardScopeOf, cardsOfProperty, deleteCard, findCard, insertCard, updateCard } from './card-queries';

const MANAGERS = ['superadmin', 'admin'] as const;
const cardInPath = allow(MANAGERS, (request, app) =>
  cardScopeOf(app.db, (request.params as { cardId?: string }).cardId),
);
const propertyInPath = allowInPropertyOfPath(MANAGERS);
const holderInBody = allow(MANAGERS, async (request, app) => {
  const holder = await findAccount(app.db, (request.body as { userId: string }).userId);
  if (!holder) return null;
  request.targetAccount = holder;
  return { propertyId: holder.propertyId };
});

const cardOf = async (db: Queryable, cardId: string) => {
  const card = await findCard(db, cardId);
  if (!card) throw notFound('Card not found');
  return card;
};

/** RFID cards and fobs: managers enrol, disable ("lost"), relabel and remove them. */
export async function cardRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cards'];

  api.get(
    '/api/cards/property/:propertyId',
    {
      config: { permission: propertyInPath },
      schema: {
        tags,
        summary: "A property's cards with their holders and last use",
        params: propertyCardsParams,
        response: { 200: cardsResponse },
      },
    },
    async (request) => ({ cards: await cardsOfProperty(app.db, request.params.propertyId) }),
  );

  api.post(
    '/api/cards',
    {
      config: { permission: holderInBody, activity: 'card.enrol' },
      schema: {
        tags,
        summary: 'Enrol a card or fob for a resident or manager of the property',
        body: enrolCardRequest,
        response: { 201: cardResponse, 400: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const holder = targetAccountOf(request);
      if (!holder.propertyId || holder.role === 'superadmin') throw badRequest(CARD_MESSAGES.notAtProperty, 'userId');
      if (!withinScope(callerOf(request), { propertyId: holder.propertyId })) throw notFound('User not found');
      if (!holder.propertyFeatures.includes('rfid'))
        throw badRequest(rfidOffHint(callerOf(request).role, 'this property'));
      const parsed = parseCardNumber(request.body.number);
      if (!parsed.ok) throw badRequest(parsed.message, 'number');
      const hint = cardHint(parsed.value);
      const propertyId = holder.propertyId;
      const cardId = await app.db.transaction(async (tx) => {
        const id = await insertCard(tx, {
          propertyId,
          userId: holder.id,
          lookupHash: cardLookupHash(app.config.secret, propertyId, parsed.value),
          hint,
          label: request.body.label,
        });
        await recordActivity(tx, request, {
          summary: `Enrolled card '${request.body.label}' for ${holder.firstName} ${holder.lastName}`,
          object: { kind: 'card', id, propertyId },
          changes: created({
            label: request.body.label,
            hint,
            holder: `${holder.firstName} ${holder.lastName}`,
            enabled: true,
          }),
        });
        return id;
      });
      reply.status(201);
      return { message: CARD_MESSAGES.enrolled, card: (await findCard(app.db, cardId))! };
    },
  );

  api.patch(
    '/api/cards/:cardId',
    {
      config: { permission: cardInPath, activity: 'card.update' },
      schema: {
        tags,
        summary: 'Disable a lost card at once, enable it again, or relabel it',
        params: cardIdParams,
        body: updateCardRequest,
        response: { 200: cardResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const before = await cardOf(app.db, request.params.cardId);
      const propertyId = (await cardScopeOf(app.db, before._id))?.propertyId ?? null;
      const { enabled, label } = request.body;
      const changes = changesBetween(before, { enabled, label });
      if (Object.keys(changes).length) {
        await app.db.transaction(async (tx) => {
          await updateCard(tx, request.params.cardId, { enabled, label });
          await recordActivity(tx, request, {
            summary: `Updated card '${label ?? before.label}' of ${before.firstName} ${before.lastName}`,
            object: { kind: 'card', id: before._id, propertyId },
            changes,
          });
        });
      }
      return { message: CARD_MESSAGES.updated, card: await cardOf(app.db, request.params.cardId) };
    },
  );

  api.delete(
    '/api/cards/:cardId',
    {
      config: { permission: cardInPath, activity: 'card.remove' },
      schema: {
        tags,
        summary: 'Remove a card',
        params: cardIdParams,
        response: { 200: cardResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const card = await cardOf(app.db, request.params.cardId);
      const propertyId = (await cardScopeOf(app.db, card._id))?.propertyId ?? null;
      await app.db.transaction(async (tx) => {
        await deleteCard(tx, request.params.cardId);
        await recordActivity(tx, request, {
          summary: `Removed card '${card.label}' of ${card.firstName} ${card.lastName}`,
          object: { kind: 'card', id: card._id, propertyId },
          changes: removed({ label: card.label, hint: card.hint, holder: `${card.firstName} ${card.lastName}` }),
        });
      });
      return { message: CARD_MESSAGES.removed, card };
    },
  );
}
