import { accessResponse, QR_ACCESS_REASONS, qrScanRequest } from '@core/api/access';
import { errorResponse } from '@core/api/common';
import { passNotice } from '@core/validity/pass-notice';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceKeyOf, refuseUnknownDeviceKey } from '../authorization/device-key';
import { deviceReadInRouteAccess } from '../authorization/route-permissions';
import { sha256Hex } from '../platform/crypto/keys';
import { TooManyRequests } from '../platform/errors/too-many';
import { LIMITS } from '../platform/limits/limit-rules';
import { reserve } from '../platform/limits/rate-limit';
import { admitDelivery } from './delivery-grant';
import { decideScan } from './qr-decision';
import { refuseScan } from './qr-denial';
import { grantScan } from './qr-grant';
import { findScan } from './qr-queries';
import { readerGaveUp } from './reader-deadline';

export async function qrAccessRoutes(app: FastifyInstance) {
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
      const now = app.config.now();
      const found = await findScan(app.db, request.body.code, key.hash);
      if (!found) return refuseUnknownDeviceKey(app, request, key.hash);
      const { device, property, scanned } = found;
      const outcome = decideScan(scanned, device.propertyId, now);
      if (outcome === 'unknown') {
        const tokenHash = sha256Hex(request.body.code.trim());
        const delivery =
          property && (await admitDelivery(app, { device, property }, { tokenHash }, request.body.decideBy));
        if (delivery) return delivery;
        // Only unrecognised codes count, so a valid pass is always decided on its merits.
        const guess = await reserve(app.db, LIMITS.unknownQrCodes, device.id, now);
        if (!guess.allowed) app.metrics.gateDecisions.inc({ credential: 'qr', outcome: 'throttled' });
        if (!guess.allowed) throw new TooManyRequests(QR_ACCESS_REASONS.throttled, guess.retryAfterSeconds);
      }
      const context = { device, property, scanned, now };
      if (outcome !== 'valid' || !scanned) {
        app.metrics.gateDecisions.inc({ credential: 'qr', outcome });
        await refuseScan(app.db, context, QR_ACCESS_REASONS[outcome]);
        const notice = passNotice(outcome, scanned?.code ?? null, scanned?.timeZone ?? 'UTC');
        return { granted: false, reason: QR_ACCESS_REASONS[outcome], notice };
      }
      if (readerGaveUp(request.body.decideBy, app.config.now())) {
        app.metrics.gateDecisions.inc({ credential: 'qr', outcome: 'late' });
        await refuseScan(app.db, context, QR_ACCESS_REASONS.late);
        return { granted: false, reason: QR_ACCESS_REASONS.late };
      }
      const answer = await grantScan(app, { ...context, scanned });
      app.metrics.gateDecisions.inc({ credential: 'qr', outcome: answer.granted ? 'granted' : 'relay_failed' });
      return answer;
    },
  );
}
