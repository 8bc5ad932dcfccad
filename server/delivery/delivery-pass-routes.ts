import { errorResponse, messageResponse } from '@core/api/common';
import {
  createDeliveryPassRequest,
  DELIVERY_MESSAGES,
  deliveryPassesResponse,
  deliveryPassParams,
  deliveryPassResponse,
  shareDeliveryPassRequest,
} from '@core/api/delivery-passes';
import { ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { created as createdFields } from '../activity/activity-changes';
import { recordActivity } from '../activity/record-activity';
import { secretChange } from '../activity/secret-fields';
import type { Caller } from '../authorization/caller';
import { allow, callerOf } from '../authorization/route-permissions';
import { badRequest, conflict, notFound } from '../platform/errors/http-error';
import { findProperty } from '../property-records/property-queries';
import { passGatesOf } from '../property-rules/pass-gates';
import {
  cancelDeliveryPass,
  createDeliveryPass,
  findDeliveryPass,
  listDeliveryPasses,
  stateOf,
  toDeliveryPassDto,
} from './delivery-pass-queries';
import { deliveryPassShareJob } from './delivery-pass-share-jobs';

const passInPath = allow(ROLES, async (request, app) => {
  const pass = await findDeliveryPass(app.db, (request.params as { passId: string }).passId);
  return pass && { propertyId: pass.propertyId, ownerUserId: pass.createdBy };
});

/** The property a pass is for: a super administrator's choice, otherwise the caller's own. */
function targetPropertyId(caller: Caller, chosen: string | undefined): string {
  if (caller.role === 'superadmin') {
    if (!chosen) throw badRequest(DELIVERY_MESSAGES.noProperty, 'propertyId');
    return chosen;
  }
  if (!caller.propertyId) throw badRequest(DELIVERY_MESSAGES.noProperty, 'propertyId');
  if (chosen && chosen !== caller.propertyId) throw notFound('Property not found');
  return caller.propertyId;
}

/** Delivery passes: a QR code and a guest PIN for a courier, for a few hours and uses. */
const passObject = (pass: { id: string; propertyId: string }) => ({
  kind: 'delivery-pass',
  id: pass.id,
  propertyId: pass.propertyId,
});

export async function deliveryPassRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['delivery passes'];

  api.post(
    '/api/delivery-passes',
    {
      config: { permission: allow(ROLES), activity: 'delivery-pass.create' },
      schema: {
        tags,
        summary: 'Create a delivery pass: a QR code and a 6-digit guest PIN, from now for a few hours and uses',
        body: createDeliveryPassRequest,
        response: { 201: deliveryPassResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const propertyId = targetPropertyId(caller, request.body.propertyId);
      if (!(await findProperty(app.db, propertyId))) throw notFound('Property not found');
      const now = app.config.now();
      const { name, company, hours, uses, notify } = request.body;
      const gateIds = await passGatesOf(app.db, caller, propertyId, request.body.gateIds);
      const row = await app.db.transaction(async (tx) => {
        const created = await createDeliveryPass(
          tx,
          app.config.secret,
          { propertyId, createdBy: caller.userId, name, company, hours, uses, notify, gateIds },
          now,
        );
        await recordActivity(tx, request, {
          summary: `Created a delivery pass for ${company ? `${name} (${company})` : name}`,
          object: passObject(created),
          changes: {
            ...createdFields({
              name,
              company,
              startsAt: created.startsAt,
              endsAt: created.endsAt,
              uses,
              notify,
              gateIds: gateIds ?? null,
            }),
            guestPin: secretChange(),
          },
        });
        return created;
      });
      reply.code(201);
      return { pass: toDeliveryPassDto(app.config, row, now) };
    },
  );

  api.get(
    '/api/delivery-passes',
    {
      config: { permission: allow(ROLES) },
      schema: {
        tags,
        summary: "A resident's own delivery passes, or a property's for its manager, newest first, with uses left",
        response: { 200: deliveryPassesResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.role === 'admin' && !caller.propertyId) return { passes: [] };
      const filter =
        caller.role === 'resident'
          ? { createdBy: caller.userId }
          : caller.role === 'admin'
            ? { propertyId: caller.propertyId ?? undefined }
            : {};
      const now = app.config.now();
      const rows = await listDeliveryPasses(app.db, filter);
      return { passes: rows.map((row) => toDeliveryPassDto(app.config, row, now)) };
    },
  );

  api.post(
    '/api/delivery-passes/:passId/cancel',
    {
      config: { permission: passInPath, activity: 'delivery-pass.revoke' },
      schema: {
        tags,
        summary: 'Cancel a delivery pass: its QR code and guest PIN stop opening the gate at once',
        params: deliveryPassParams,
        response: { 200: deliveryPassResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const now = app.config.now();
      const row = await app.db.transaction(async (tx) => {
        const cancelled = await cancelDeliveryPass(tx, request.params.passId, now);
        if (!cancelled) throw notFound(DELIVERY_MESSAGES.notFound);
        await recordActivity(tx, request, {
          summary: `Cancelled the delivery pass for ${cancelled.name}`,
          object: passObject(cancelled),
          changes: { cancelledAt: { before: null, after: now.toISOString() } },
        });
        return cancelled;
      });
      return { pass: toDeliveryPassDto(app.config, row, now) };
    },
  );

  api.post(
    '/api/delivery-passes/:passId/share',
    {
      config: { permission: passInPath, activity: 'delivery-pass.share' },
      schema: {
        tags,
        summary: "Send a delivery pass's page link by email, by text, or both (sent from the job queue)",
        params: deliveryPassParams,
        body: shareDeliveryPassRequest,
        response: { 202: messageResponse, 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const pass = await findDeliveryPass(app.db, request.params.passId);
      if (!pass) throw notFound(DELIVERY_MESSAGES.notFound);
      if (stateOf(pass, app.config.now()) !== 'valid') throw conflict(DELIVERY_MESSAGES.notShareable);
      const { email, phoneNumber } = request.body;
      await app.db.transaction(async (tx) => {
        await app.jobs.enqueue(tx, deliveryPassShareJob, {
          passId: pass.id,
          email: email || null,
          phoneNumber: phoneNumber || null,
        });
        await recordActivity(tx, request, {
          summary: `Shared the delivery pass for ${pass.name} with ${[email, phoneNumber].filter(Boolean).join(' and ')}`,
          object: passObject(pass),
          changes: createdFields({ sentToEmail: email || undefined, sentToPhone: phoneNumber || undefined }),
        });
      });
      reply.code(202);
      return { message: DELIVERY_MESSAGES.shared };
    },
  );
}
