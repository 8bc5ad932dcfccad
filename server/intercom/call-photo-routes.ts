import { errorResponse } from '@core/api/common';
import {
  callParams,
  callPhotoRequest,
  INTERCOM_WORDS,
  intercomSettingsParams,
  intercomSettingsSchema,
} from '@core/api/intercom';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordActivity } from '../activity/record-activity';
import { deviceOf } from '../authorization/device-key';
import { allowInPropertyOfPath } from '../authorization/property-in-path';
import { allow, devicePermission } from '../authorization/route-permissions';
import { badRequest, conflict, notFound } from '../platform/errors/http-error';
import {
  CALL_PHOTO_MAX_BYTES,
  callPhoto,
  isJpeg,
  keepCallPhoto,
  photoRetentionDays,
  setPhotoRetentionDays,
} from './call-photo-store';
import { callScope } from './call-scope';
import { findCall } from './call-store';

/** The called resident (the call's owner) and the property's managers, never anyone else. */
const photoViewers = allow(['resident', 'admin'], (request, app) => callScope(app.db, request));
const managersOfPath = allowInPropertyOfPath(['admin', 'superadmin']);

/**
 * The still of each call (issue 43): taken by the reader at the start, shown to the called resident
 * and the property's managers one by one (never in a list), a manager's look kept in the trail.
 */
export async function callPhotoRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['intercom'];

  api.post(
    '/api/intercom/calls/:callId/photo',
    {
      config: { permission: devicePermission, activity: null },
      schema: {
        tags,
        summary: "The reader's still of the caller, taken at the start of the call (JPEG, 100 kB at most)",
        params: callParams,
        body: callPhotoRequest,
        response: { 204: z.void(), 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const { device, property } = deviceOf(request);
      // Only the reader that made the call: to any other it does not exist.
      const call = await findCall(app.db, request.params.callId);
      if (call?.deviceId !== device.id) throw notFound('Call not found');
      const jpeg = Buffer.from(request.body.photo, 'base64');
      if (jpeg.length > CALL_PHOTO_MAX_BYTES) throw badRequest(INTERCOM_WORDS.photoTooLarge);
      if (!isJpeg(jpeg)) throw badRequest(INTERCOM_WORDS.photoNotJpeg);
      if (!(await keepCallPhoto(app.db, request.params.callId, property.id, jpeg, app.config.now())))
        throw conflict(INTERCOM_WORDS.photoTaken);
      return reply.status(204).send();
    },
  );

  api.get(
    '/api/intercom/calls/:callId/photo',
    {
      config: { permission: photoViewers, activity: 'intercom.photo-viewed' },
      schema: {
        tags,
        summary: "A call's still, for the called resident and the property's managers (image/jpeg)",
        params: callParams,
        produces: ['image/jpeg'],
      },
    },
    async (request, reply) => {
      const [call, jpeg] = await Promise.all([
        findCall(app.db, request.params.callId),
        callPhoto(app.db, request.params.callId),
      ]);
      if (!call || !jpeg) throw notFound(INTERCOM_WORDS.noPhoto);
      await app.db.transaction((tx) =>
        recordActivity(tx, request, {
          summary: `Viewed the photo of the call from ${call.gateName} to ${call.displayName}`,
          object: { kind: 'intercom', id: call.id, propertyId: call.propertyId },
        }),
      );
      return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, no-store').send(jpeg);
    },
  );

  api.get(
    '/api/properties/:propertyId/intercom-settings',
    {
      config: { permission: managersOfPath },
      schema: {
        tags,
        summary: "The property's intercom settings: how long call photos are kept",
        params: intercomSettingsParams,
        response: { 200: intercomSettingsSchema },
      },
    },
    async (request) => ({ callPhotoRetentionDays: await photoRetentionDays(app.db, request.params.propertyId) }),
  );

  api.put(
    '/api/properties/:propertyId/intercom-settings',
    {
      config: { permission: managersOfPath, activity: 'intercom.settings' },
      schema: {
        tags,
        summary: 'Keep call photos for N days (1 to 365; the daily upkeep removes older ones)',
        params: intercomSettingsParams,
        body: intercomSettingsSchema,
        response: { 200: intercomSettingsSchema, 400: errorResponse },
      },
    },
    async (request) => {
      const { propertyId } = request.params;
      const days = request.body.callPhotoRetentionDays;
      await app.db.transaction(async (tx) => {
        const before = await photoRetentionDays(tx, propertyId);
        await setPhotoRetentionDays(tx, propertyId, days);
        await recordActivity(tx, request, {
          summary: `Set call photos to be kept for ${days} days`,
          object: { kind: 'intercom', id: propertyId, propertyId },
          changes: { callPhotoRetentionDays: { before, after: days } },
        });
      });
      return { callPhotoRetentionDays: days };
    },
  );
}
