import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PendingSignIns } from './auth/second-factor/pending-sign-in';
import { purgeOldSessions } from './auth/session-retention';
import { TokenService } from './auth/tokens';
import type { AppConfig } from './config';
import type { Database, Orm } from './db/connect';
import { type DeclaredRoute, installAccessControl } from './http/access';
import { type KnownDeviceKeys, knownDeviceKeys } from './http/device-key-access';
import { drainConnectionsOnClose } from './http/drain-on-close';
import { errorHandler } from './http/error-handler';
import { frameworkErrors, MAX_PATH_PART_LENGTH } from './http/framework-errors';
import { registerHealthRoutes } from './http/health-routes';
import { registerJsonBodyParser } from './http/json-body';
import { refuseNulCharacters } from './http/nul-characters';
import { exposeRequestId } from './http/request-id';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { JobQueue } from './jobs/job-queue';
import { registerNotificationJobs } from './jobs/notifications';
import { loggerOptions } from './logging/logger-options';
import { createMailer } from './mail/mailer';
import { installMetrics } from './metrics/metrics';
import { registerMetricsRoute } from './metrics/metrics-route';
import { installMqtt } from './mqtt/install-mqtt';
import { apiRoutes } from './routes';
import { createSmsSender } from './sms/sms-sender';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Orm;
    database: Database;
    tokens: TokenService;
    pendingSignIns: PendingSignIns;
    deviceKeys: KnownDeviceKeys;
    jobs: JobQueue;
    routeCatalog: DeclaredRoute[];
  }
}

export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

const jsonSchemaUnused = (): never => {
  throw new Error('Routes are validated and serialized by their zod schemas, not by JSON Schema');
};

/** The whole server, used alike by `main` and by every test. */
export async function buildApp(config: AppConfig, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    // Unique across processes, so a request can be found in the logs of any of them.
    genReqId: () => crypto.randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PART_LENGTH },
    frameworkErrors,
    // Every schema is zod (the compilers set below). Without these, Fastify would load its JSON
    // Schema compilers (Ajv, fast-json-stringify) at start, unused: a tenth of a cold start.
    schemaController: { compilersFactory: { buildValidator: jsonSchemaUnused, buildSerializer: jsonSchemaUnused } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerJsonBodyParser(app);
  refuseNulCharacters(app);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.orm);
  app.decorate('tokens', new TokenService(config.secret, config.tokenLifetimeSeconds, config.now));
  app.decorate('pendingSignIns', new PendingSignIns(config.secret, config.now));
  app.decorate('deviceKeys', knownDeviceKeys());
  app.decorate(
    'jobs',
    new JobQueue(database.orm, config.now, app.log, {
      leaseSeconds: config.jobLeaseSeconds,
      concurrency: config.jobConcurrency,
    }),
  );
  app.decorate('routeCatalog', [] as DeclaredRoute[]);
  app.jobs.addPurge('ended sessions', purgeOldSessions);

  registerNotificationJobs(app.jobs, {
    db: database.orm,
    secret: config.secret,
    appUrl: config.appUrl,
    now: config.now,
    sendMail: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    sendSms: createSmsSender({ sms: config.sms, dataDir: config.dataDir, log: app.log }),
    log: app.log,
  });

  installMetrics(app);
  registerMetricsRoute(app);
  registerSecurityHeaders(app);
  drainConnectionsOnClose(app);
  exposeRequestId(app);
  // Before any route, so the document lists them all; loaded only when served (decision 0006).
  if (config.apiDocs) await (await import('./http/api-docs')).registerApiDocs(app);
  installAccessControl(app, app.routeCatalog);

  registerHealthRoutes(app);
  await installMqtt(app);
  await app.register(apiRoutes);
  await registerWebApp(app, config.webRoot);
  app.addHook('onClose', () => app.jobs.stop());
  return app;
}
