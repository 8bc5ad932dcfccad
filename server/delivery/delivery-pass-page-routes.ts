import { errorResponse } from '@core/api/common';
import { DELIVERY_MESSAGES, deliveryPassPageParams, deliveryPassPageResponse } from '@core/api/delivery-passes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicPermission } from '../authorization/route-permissions';
import { notFound } from '../platform/errors/http-error';
import { walletLinksOf } from '../wallet/wallet-links';
import { deliveryPassPage } from './delivery-pass-page';
import { findDeliveryPassByLink } from './delivery-pass-queries';
import { deliveryWalletPass } from './delivery-wallet-pass';

/** The courier's page: no account, the link token is the key (it is not the gate token). */
export async function deliveryPassPageRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/delivery-pass/:passToken',
    {
      config: { permission: publicPermission },
      schema: {
        tags: ['delivery passes'],
        summary: "A courier's delivery pass: the QR and guest PIN while it still opens the gate, uses left, until when",
        params: deliveryPassPageParams,
        response: { 200: deliveryPassPageResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const found = await findDeliveryPassByLink(app.db, request.params.passToken);
      if (!found) throw notFound(DELIVERY_MESSAGES.pageNotFound);
      const now = app.config.now();
      const wallet = deliveryWalletPass(app.config.secret, found, now);
      reply.header('cache-control', 'no-store');
      return {
        ...(await deliveryPassPage(app.config.secret, found, now)),
        ...(await walletLinksOf(app, wallet, `/api/delivery-pass/${request.params.passToken}`)),
      };
    },
  );
}
