import { accessResponse, QR_ACCESS_REASONS, qrScanRequest } from '@core/api/access';
import { errorResponse } from '@core/api/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AttemptLimiter } from '../auth/attempt-limiter';
import { deviceReadInRouteAccess } from '../http/access';
import { deviceKeyOf, refuseUnknownDeviceKey } from '../http/device-key-access';
import { HttpError } from '../http/http-error';
import { decideScan } from './qr-decision';
import { refuseScan } from './qr-denial';
import { grantScan } from './qr-grant';
import { findScan } from './qr-lookup';

/** Unrecognised codes a device may send per minute before it is told to wait (guessing defence). */
export const UNKNOWN_CODES_PER_MINUTE = 20;

export async function qrAccessRoutes(app: FastifyInstance) {
  const unknownCodes = new AttemptLimiter(UNKNOWN_CODES_PER_MINUTE, 60_000, app.config.now);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/access/qr',
    {
      config: { access: deviceReadInRouteAccess },
      schema: {
        tags: ['gate readers'],
        summary: 'A gate reader scanned a QR code: open the gate if the code is valid here and now',
        body: qrScanRequest,
        response: { 200: accessResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const key = deviceKeyOf(request);
      if (unknownCodes.isBlocked(key.deviceId)) throw new HttpError(429, QR_ACCESS_REASONS.throttled);
      const now = app.config.now();
      const found = await findScan(app.db, request.body.code, key.hash);
      if (!found) return refuseUnknownDeviceKey(app, key.hash);
      const { device, property, scanned } = found;
      const outcome = decideScan(scanned, device.propertyId, now);
      if (outcome === 'unknown') unknownCodes.recordFailure(device.id);
      const context = { device, property, scanned, now };
      if (outcome !== 'valid' || !scanned) {
        await refuseScan(app, context, QR_ACCESS_REASONS[outcome]);
        return { granted: false, reason: QR_ACCESS_REASONS[outcome] };
      }
      return grantScan(app, { ...context, scanned });
    },
  );
}
