import { errorResponse, messageResponse } from '@core/api/common';
import { qrIdParams, visitorPassLinkResponse } from '@core/api/visitors';
import { ROLES } from '@core/roles';
import { decideQrAt } from '@core/validity/qr-validity';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { created } from '../activity/activity-changes';
import { recordActivity } from '../activity/record-activity';
import { allow } from '../authorization/route-permissions';
import { conflict, notFound } from '../platform/errors/http-error';
import { findCodeWithPeople } from './code-with-people-queries';
import { enqueueQrCodeEmails } from './qr-code-email-jobs';
import { qrCodeScope } from './qr-code-queries';
import { passObject } from './visitor-activity';
import { openGateToken, openPassLink, storedPassUrl } from './visitor-pass-link';

const qrIdOf = (request: FastifyRequest) => (request.params as { qrId?: string }).qrId;
// The pass's creator, and the managers of its property (a superadmin any): not a neighbour.
const passInPath = allow(ROLES, (request, app) => qrCodeScope(app.db, qrIdOf(request)));

/** Visitor List's Copy link / Share / Resend for a pass after its success dialog has closed. */
export async function visitorPassShareRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['visitors'];

  const passOf = async (qrId: string) => {
    const found = await findCodeWithPeople(app.db, qrId, undefined);
    if (!found) throw notFound(VISITOR_MESSAGES.qrNotFound);
    const ended = decideQrAt(found.code, app.config.now(), found.property.timeZone) === 'expired';
    return { ...found, ended };
  };

  api.get(
    '/api/visitor/qr-codes/:qrId/pass-link',
    {
      config: { permission: passInPath },
      schema: {
        tags,
        summary: "A pass's page link for Copy link and Share, and whether it can be emailed again",
        params: qrIdParams,
        response: { 200: visitorPassLinkResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { code, visitor, resident, ended } = await passOf(request.params.qrId);
      return {
        link: storedPassUrl(app.config.secret, app.config.appUrl, code),
        email: visitor.email,
        hostFirstName: resident.firstName,
        canResend: !ended && code.tokenSealed !== null,
      };
    },
  );

  api.post(
    '/api/visitor/qr-codes/:qrId/resend',
    {
      config: { permission: passInPath, activity: 'pass.resend' },
      schema: {
        tags,
        summary: 'Email a pass to its visitor again (sent from the job queue, like the first email)',
        params: qrIdParams,
        response: { 202: messageResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const { code, visitor, ended } = await passOf(request.params.qrId);
      if (ended) throw conflict(VISITOR_MESSAGES.passEnded);
      if (!code.tokenSealed) throw conflict(VISITOR_MESSAGES.cannotResend);
      const { secret } = app.config;
      const sealed = {
        qrCodeId: code.id,
        token: openGateToken(secret, code.tokenSealed),
        passLink: openPassLink(secret, code),
      };
      await app.db.transaction(async (tx) => {
        await enqueueQrCodeEmails(app.jobs, tx, secret, sealed, ['visitor']);
        await recordActivity(tx, request, {
          summary: `Sent the pass of ${code.qrFirstName} ${code.qrLastName} again to ${visitor.email}`,
          object: passObject(code),
          changes: created({ sentToEmail: visitor.email }),
        });
      });
      void app.jobs.kick();
      reply.code(202);
      return { message: VISITOR_MESSAGES.resent(visitor.email) };
    },
  );
}
