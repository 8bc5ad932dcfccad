import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { KnownCallers } from './auth/known-callers';
import { TokenService } from './auth/tokens';
import type { AppConfig } from './config';
import type { Database, Orm } from './db/connect';
import { DeviceKeyCache } from './devices/device-key-cache';
import { type DeclaredRoute, installAccessControl } from './http/access';
import { registerApiDocs } from './http/api-docs';
import { errorHandler } from './http/error-handler';
import { registerJsonBodyParser } from './http/json-body';
import { rateLimitOptions } from './http/public-rate-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { JobQueue } from './jobs/job-queue';
import { registerNotificationJobs } from './jobs/notifications';
import { createMailer } from './mail/mailer';
import { apiRoutes } from './routes';
import { createSmsSender } from './sms/sms-sender';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Orm;
    database: Database;
    tokens: TokenService;
    deviceKeys: DeviceKeyCache;
    knownCallers: KnownCallers;
    jobs: JobQueue;
    routeCatalog: DeclaredRoute[];
  }
}

export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/** The whole server, used alike by `main` and by every test. */
export async function buildApp(config: AppConfig, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: process.env.TRUST_PROXY === '1',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerJsonBodyParser(app);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.orm);
  app.decorate('tokens', new TokenService(config.secret, config.tokenLifetimeSeconds, config.now));
  app.decorate('deviceKeys', new DeviceKeyCache());
  app.decorate('knownCallers', new KnownCallers());
  app.decorate('jobs', new JobQueue(database.orm, config.now, app.log));
  app.decorate('routeCatalog', [] as DeclaredRoute[]);

  registerNotificationJobs(
    app.jobs,
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    createSmsSender({ sms: config.sms, dataDir: config.dataDir, log: app.log }),
  );

  registerSecurityHeaders(app);
  await app.register(rateLimit, rateLimitOptions);
  await registerApiDocs(app);
  installAccessControl(app, app.routeCatalog);

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    await database.orm.execute('select 1');
    return reply.send({ status: 'ok' });
  });
  await app.register(apiRoutes);
  await registerWebApp(app, config.webRoot);
  app.addHook('onClose', () => app.jobs.stop());
  return app;
}
