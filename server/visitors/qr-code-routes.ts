import { errorResponse, messageResponse } from '@core/api/common';
import {
  expireQrCodeRequest,
  pastVisitorsResponse,
  qrCodeResponse,
  qrIdParams,
  qrNotificationRequest,
  updateQrCodeRequest,
  updateQrCodesRequest,
  visitorIdParams,
  visitorQrCodesResponse,
  visitorsQrResponse,
} from '@core/api/visitors';
import { ROLES } from '@core/roles';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordActivity } from '../activity/record-activity';
import { allow, callerOf } from '../authorization/route-permissions';
import type { Queryable } from '../platform/db/connect';
import { notFound } from '../platform/errors/http-error';
import { pastVisitorsOf } from './past-visitors';
import {
  deleteQrCode,
  EDIT_END_MESSAGES,
  expireQrCode,
  type QrCodeChange,
  setQrNotification,
  updateQrWindow,
} from './qr-code-commands';
import {
  codesOfVisitor,
  findVisitor,
  qrCodeScope,
  toQrCodeDto,
  visitorOwnerScope,
  visitorsWithCodesOf,
} from './qr-code-queries';
import { PASS_SUMMARIES, passChanged, passDeleted } from './visitor-activity';

type Params = { qrId?: string; visitorId?: string };
type Body = { _id?: string; qrCodeId?: string };
const params = (request: FastifyRequest) => (request.params ?? {}) as Params;
const body = (request: FastifyRequest) => (request.body ?? {}) as Body;

// Visitor List calls: a resident reaches only codes they created; an admin their property's; a superadmin all.
const codeInBody = allow(ROLES, (request, app) => qrCodeScope(app.db, body(request)._id ?? body(request).qrCodeId));
// The per-visitor QR page is the superadmin's alone (docs/SPEC.md §6), and so are its calls.
const pageCodeInPath = allow(['superadmin'], (request, app) => qrCodeScope(app.db, params(request).qrId));
const pageVisitorInPath = allow(['superadmin'], (request, app) => visitorOwnerScope(app.db, params(request).visitorId));

const updated = { 200: qrCodeResponse, 400: errorResponse, 404: errorResponse };

/** Visitor List and per-visitor QR page calls (docs/SPEC.md §7 Visitors and QR codes). */
export async function qrCodeRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const now = () => app.config.now();

  /** Runs a change of one code and records it in the same transaction; answers the code as saved. */
  const recordedChange = async (
    request: FastifyRequest,
    summary: (pass: string) => string,
    change: (tx: Queryable) => Promise<QrCodeChange>,
  ) => {
    const { after, property } = await app.db.transaction(async (tx) => {
      const done = await change(tx);
      await recordActivity(tx, request, passChanged(summary, done.before, done.after, done.property.timeZone));
      return done;
    });
    return toQrCodeDto(after, property, now());
  };

  api.get(
    '/api/visitor/visitors-qr',
    {
      config: { permission: allow(ROLES) },
      schema: {
        tags: ['visitors'],
        summary: "The caller's visitors with their QR codes",
        response: { 200: visitorsQrResponse },
      },
    },
    async (request) => ({ visitors: await visitorsWithCodesOf(app.db, callerOf(request).userId, now()) }),
  );

  api.get(
    '/api/visitor/past-visitors',
    {
      config: { permission: allow(ROLES) },
      schema: {
        tags: ['visitors'],
        summary: "The caller's visitors whose every code has ended, to invite again",
        response: { 200: pastVisitorsResponse },
      },
    },
    async (request) => ({ visitors: await pastVisitorsOf(app.db, callerOf(request).userId, now()) }),
  );

  api.put(
    '/api/visitor/visitors-qr/:visitorId/qr-notification',
    {
      config: { permission: codeInBody, activity: 'pass.update' },
      schema: {
        tags: ['visitors'],
        summary: 'Turn arrival notification on or off',
        params: visitorIdParams,
        body: qrNotificationRequest,
        response: updated,
      },
    },
    async (request) => {
      const { _id, qrNotification } = request.body;
      const qrCode = await recordedChange(request, PASS_SUMMARIES.notification(qrNotification), (tx) =>
        setQrNotification(tx, _id, request.params.visitorId, qrNotification),
      );
      return { message: 'Notification preference updated', qrCode };
    },
  );

  api.put(
    '/api/visitor/visitors-qr/:visitorId/update-qrcodes',
    {
      config: { permission: codeInBody, activity: 'pass.update' },
      schema: {
        tags: ['visitors'],
        summary: "Edit a code's window (Visitor List)",
        params: visitorIdParams,
        body: updateQrCodesRequest,
        response: updated,
      },
    },
    async (request) => {
      const { _id, ...update } = request.body;
      const qrCode = await recordedChange(request, PASS_SUMMARIES.window, (tx) =>
        updateQrWindow(tx, _id, update, EDIT_END_MESSAGES.visitorList, request.params.visitorId),
      );
      return { message: VISITOR_MESSAGES.listUpdated, qrCode };
    },
  );

  api.post(
    '/api/visitor/expire-qrcode',
    {
      config: { permission: codeInBody, activity: 'pass.update' },
      schema: { tags: ['visitors'], summary: 'Expire a code now', body: expireQrCodeRequest, response: updated },
    },
    async (request) => ({
      message: VISITOR_MESSAGES.pageExpired,
      qrCode: await recordedChange(request, PASS_SUMMARIES.expired, (tx) =>
        expireQrCode(tx, now(), request.body.qrCodeId),
      ),
    }),
  );

  api.get(
    '/api/visitor/:visitorId/qr-codes',
    {
      config: { permission: pageVisitorInPath },
      schema: {
        tags: ['visitors'],
        summary: "One visitor's QR codes",
        params: visitorIdParams,
        response: { 200: visitorQrCodesResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const visitor = await findVisitor(app.db, request.params.visitorId);
      if (!visitor) throw notFound(VISITOR_MESSAGES.visitorNotFound);
      const { id, firstName, lastName, email } = visitor;
      return { visitor: { _id: id, firstName, lastName, email }, qrCodes: await codesOfVisitor(app.db, id, now()) };
    },
  );

  api.put(
    '/api/visitor/:qrId/qr-codes',
    {
      config: { permission: pageCodeInPath, activity: 'pass.update' },
      schema: {
        tags: ['visitors'],
        summary: "Edit a code's window (per-visitor page)",
        params: qrIdParams,
        body: updateQrCodeRequest,
        response: updated,
      },
    },
    async (request) => ({
      message: VISITOR_MESSAGES.pageUpdated,
      qrCode: await recordedChange(request, PASS_SUMMARIES.window, (tx) =>
        updateQrWindow(tx, request.params.qrId, request.body, EDIT_END_MESSAGES.visitorPage),
      ),
    }),
  );

  api.put(
    '/api/visitor/qr-codes/:qrId/expire',
    {
      config: { permission: pageCodeInPath, activity: 'pass.update' },
      schema: {
        tags: ['visitors'],
        summary: 'Expire a code now (per-visitor page)',
        params: qrIdParams,
        response: updated,
      },
    },
    async (request) => ({
      message: VISITOR_MESSAGES.pageExpired,
      qrCode: await recordedChange(request, PASS_SUMMARIES.expired, (tx) =>
        expireQrCode(tx, now(), request.params.qrId),
      ),
    }),
  );

  api.delete(
    '/api/visitor/qr-codes/:qrId',
    {
      config: { permission: pageCodeInPath, activity: 'pass.delete' },
      schema: {
        tags: ['visitors'],
        summary: 'Delete a code for good',
        params: qrIdParams,
        response: { 200: messageResponse, 404: errorResponse },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const { code, timeZone } = await deleteQrCode(tx, request.params.qrId);
        await recordActivity(tx, request, passDeleted(code, timeZone));
      });
      return { message: VISITOR_MESSAGES.pageDeleted };
    },
  );
}
