import { errorResponse } from '@core/api/common';
import { WALLET_MESSAGES } from '@core/api/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { publicPermission } from '../authorization/route-permissions';
import type { PlatformDeps } from '../platform/deps';
import { HttpError, notFound } from '../platform/errors/http-error';
import { applePassBundle, PKPASS_TYPE } from './apple-pass-bundle';
import { googleSaveLink } from './google-save-link';
import { appleWalletPath, googleWalletPath } from './wallet-links';
import type { WalletPass } from './wallet-pass';

/** A kind of pass the wallets carry: its page's API path, and how its link token finds it. */
export interface WalletPassSource {
  /** The page's API path with its token parameter, e.g. `/api/pass/:passToken`. */
  path: string;
  params: z.ZodType<{ passToken: string }>;
  tag: string;
  find: (deps: Pick<PlatformDeps, 'db' | 'config'>, linkToken: string) => Promise<WalletPass | null>;
}

const gone = () => new HttpError(410, WALLET_MESSAGES.noLongerValid);

/**
 * A pass's wallet files, made at each request from the pass as it is then and never stored or
 * cached. Public like the pass page: the link token is the key, and the same per-address limit
 * applies (route-permissions.ts gives every public route one).
 */
export async function walletRoutes(app: FastifyInstance, { sources }: { sources: WalletPassSource[] }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const found = async (source: WalletPassSource, linkToken: string) => {
    const pass = await source.find(app, linkToken);
    if (!pass) throw notFound(WALLET_MESSAGES.noLongerValid);
    return pass;
  };

  for (const source of sources) {
    api.get(
      appleWalletPath(source.path),
      {
        config: { permission: publicPermission },
        schema: {
          tags: [source.tag],
          summary: 'The pass for Apple Wallet: a signed .pkpass, voided once the pass has ended',
          params: source.params,
          produces: [PKPASS_TYPE],
        },
      },
      async (request, reply) => {
        const apple = app.config.wallet?.apple;
        if (!apple) throw notFound(WALLET_MESSAGES.appleNotOffered);
        const pass = await found(source, request.params.passToken);
        const bundle = applePassBundle(pass, apple, app.config);
        return reply
          .header('cache-control', 'no-store')
          .header('content-disposition', 'attachment; filename="pass.pkpass"')
          .header('content-type', PKPASS_TYPE)
          .send(bundle);
      },
    );

    api.get(
      googleWalletPath(source.path),
      {
        config: { permission: publicPermission },
        schema: {
          tags: [source.tag],
          summary: "The pass for Google Wallet: a redirect to Google's save link, made now",
          params: source.params,
          response: { 404: errorResponse, 410: errorResponse },
        },
      },
      async (request, reply) => {
        const google = app.config.wallet?.google;
        if (!google) throw notFound(WALLET_MESSAGES.googleNotOffered);
        const pass = await found(source, request.params.passToken);
        if (!pass.code) throw gone();
        const link = await googleSaveLink(pass, google, app.config.appUrl, app.config.now());
        return reply.header('cache-control', 'no-store').redirect(link, 303);
      },
    );
  }
}
