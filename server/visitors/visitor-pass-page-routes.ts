import { errorResponse } from '@core/api/common';
import { PASS_MESSAGES, passResponse, passTokenParams } from '@core/api/passes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicPermission } from '../authorization/route-permissions';
import { notFound } from '../platform/errors/http-error';
import { walletLinksOf } from '../wallet/wallet-links';
import { passCalendar } from './visitor-pass-calendar';
import { passPageUrl } from './visitor-pass-link';
import { findPass, passPage } from './visitor-pass-page';
import { visitorWalletPass } from './visitor-wallet-pass';

/** The visitor's pass page and its calendar file: no account, the link token is the key. */
export async function passRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const found = async (passToken: string) => {
    const pass = await findPass(app.db, passToken);
    if (!pass) throw notFound(PASS_MESSAGES.notFound);
    return pass;
  };

  api.get(
    '/api/pass/:passToken',
    {
      config: { permission: publicPermission },
      schema: {
        tags: ['visitors'],
        summary: "A visitor's pass: the QR while it can still open the gate, the window and its state now",
        params: passTokenParams,
        response: { 200: passResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const pass = await found(request.params.passToken);
      const now = app.config.now();
      const wallet = visitorWalletPass(app.config.secret, pass, now);
      reply.header('cache-control', 'no-store');
      return {
        ...(await passPage(app.config.secret, pass, now)),
        ...(await walletLinksOf(app, wallet, `/api/pass/${request.params.passToken}`)),
      };
    },
  );

  api.get(
    '/api/pass/:passToken/calendar.ics',
    {
      config: { permission: publicPermission },
      schema: {
        tags: ['visitors'],
        summary: "A visitor's pass as an iCalendar file (one event per visit window)",
        params: passTokenParams,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const { code, property } = await found(request.params.passToken);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="visit.ics"')
        .header('content-type', 'text/calendar; charset=utf-8')
        .send(
          passCalendar({
            qrCodeId: code.id,
            window: code,
            timeZone: property.timeZone,
            property,
            passUrl: passPageUrl(app.config.appUrl, request.params.passToken),
            now: app.config.now(),
          }),
        );
    },
  );
}
