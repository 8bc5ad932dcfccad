import { errorResponse } from '@core/api/common';
import { entryAnswer, QR_ENTRY_REASONS, qrScanRequest } from '@core/api/entry';
import { passNotice } from '@core/validity/pass-notice';
import { decideQrAt } from '@core/validity/qr-validity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceKeyOf, refuseUnknownDeviceKey } from '../authorization/device-key';
import { deviceReadInRoutePermission } from '../authorization/route-permissions';
import { decideAtGate, type GateDeps, type GateLogDetails } from '../gates/gate-decision';
import { sha256Hex } from '../platform/crypto/keys';
import { TooManyRequests } from '../platform/errors/too-many';
import { LIMITS } from '../platform/limits/limit-rules';
import { reserve } from '../platform/limits/rate-limit';
import { queueArrivalNotification } from './arrival-jobs';
import { admitDelivery } from './delivery-grant';
import { findScan, type ScannedCode } from './qr-queries';

type QrScanOutcome = keyof typeof QR_ENTRY_REASONS;

/** Whether the gate of `devicePropertyId` opens for a scanned code at `now`. */
function decideScan(scanned: ScannedCode | null, devicePropertyId: string, now: Date): QrScanOutcome {
  if (!scanned) return 'unknown';
  if (scanned.code.propertyId !== devicePropertyId) return 'otherProperty';
  return decideQrAt(scanned.code, now, scanned.timeZone);
}

/** Who a scan was about, for the relay log (only what is known about the code). */
function visitorOf(scanned: ScannedCode | null): GateLogDetails {
  return {
    callerType: 'visitor',
    credential: 'qr',
    creatorUserId: scanned?.creator.id ?? null,
    visitorDetails: scanned?.visitor ?? null,
    qrCodeDetails: scanned ? { qrFirstName: scanned.code.qrFirstName, qrLastName: scanned.code.qrLastName } : null,
    creatorDetails: scanned
      ? {
          firstName: scanned.creator.firstName,
          lastName: scanned.creator.lastName,
          email: scanned.creator.email,
          phoneNumber: scanned.creator.phoneNumber,
        }
      : null,
  };
}

/**
 * POST /api/access/qr: identifies the scan (scan lookup: device by key, code by token, in one
 * coalesced query), tries a delivery pass and the unknown-code throttle for codes no visitor
 * holds, then hands the verdict to the gate decision (gates/gate-decision.ts).
 */
export async function qrEntryRoutes(app: FastifyInstance, { gate }: { gate: GateDeps }) {
  const readers = { db: gate.db, now: gate.now, deviceKeys: app.deviceKeys };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/access/qr',
    {
      config: { permission: deviceReadInRoutePermission, activity: null },
      schema: {
        tags: ['gate readers'],
        summary: 'A gate reader scanned a QR code: open the gate if the code is valid here and now',
        body: qrScanRequest,
        response: { 200: entryAnswer, 429: errorResponse },
      },
    },
    async (request) => {
      const key = deviceKeyOf(request);
      const now = gate.now();
      const found = await findScan(gate.db, request.body.code, key.hash);
      if (!found) return refuseUnknownDeviceKey(readers, request, key.hash);
      const { device, property, scanned } = found;
      const outcome = decideScan(scanned, device.propertyId, now);
      const call = {
        device,
        property,
        who: visitorOf(scanned),
        counted: 'qr',
        at: now,
        decideBy: request.body.decideBy,
        passGateIds: scanned?.code.gateIds,
      };
      if (outcome === 'unknown') {
        const tokenHash = sha256Hex(request.body.code.trim());
        const delivery =
          property && (await admitDelivery(app, gate, { device, property }, { tokenHash }, request.body.decideBy));
        if (delivery) return delivery;
        // Only unrecognised codes count, so a valid pass is always decided on its merits.
        const guess = await reserve(gate.db, LIMITS.unknownQrCodes, device.id, now);
        if (!guess.allowed) {
          const error = new TooManyRequests(QR_ENTRY_REASONS.throttled, guess.retryAfterSeconds);
          await decideAtGate(gate, call, { throttle: 'throttled', error });
        }
      }
      if (outcome !== 'valid' || !scanned) {
        const notice = passNotice(outcome, scanned?.code ?? null, scanned?.timeZone ?? 'UTC');
        const verdict = { refuse: outcome, reason: QR_ENTRY_REASONS[outcome], notice };
        return (await decideAtGate(gate, call, verdict)).answer;
      }
      const { firstName, lastName } = scanned.visitor;
      const grant = { reason: QR_ENTRY_REASONS.valid, visitor: { firstName, lastName } };
      const decision = await decideAtGate(gate, call, { grant });
      // The resident asked to be told: only once the gate opened.
      if (decision.outcome === 'granted') await queueArrivalNotification(app, scanned, device.id, now);
      return decision.answer;
    },
  );
}
