import crypto from 'node:crypto';
import { REQUEST_BODY_LIMIT_BYTES } from '@core/limits/request-size';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ActivityRoute } from '../activity/activity-catalog';
import type { ActivityDeclaration } from '../activity/activity-declaration';
import { identifyApiKey } from '../api-keys/api-key-caller';
import type { AccountRow } from '../authorization/account-scope';
import type { Caller, ClaimedCaller, IdentifyApiKey } from '../authorization/caller';
import { type KnownDeviceKeys, knownDeviceKeys } from '../authorization/device-key';
import { endPausedSessions } from '../authorization/paused-sessions';
import type { DeclaredRoute, Permission } from '../authorization/route-permissions';
import { TokenService } from '../authorization/tokens';
import { PendingSignIns } from '../identity/second-factor/pending-sign-in';
import { purgeOldSessions } from '../identity/session-retention';
import type { Database, Orm } from '../platform/db/connect';
import { REPLICA_DEFAULTS, ReadRouting } from '../platform/db/read-routing';
import { drainConnectionsOnClose } from '../platform/http/drain-on-close';
import { errorHandler } from '../platform/http/error-handler';
import { frameworkErrors, MAX_PATH_PART_LENGTH } from '../platform/http/framework-errors';
import { installFreshReads } from '../platform/http/fresh-reads';
import { registerHealthRoutes } from '../platform/http/health-routes';
import { registerJsonBodyParser } from '../platform/http/json-body';
import { refuseNulCharacters } from '../platform/http/nul-characters';
import { exposeRequestId } from '../platform/http/request-id';
import { installMetrics } from '../platform/http/request-metrics';
import { registerSecurityHeaders } from '../platform/http/security-headers';
import { registerWebApp } from '../platform/http/web-app';
import { JobQueue } from '../platform/jobs/job-queue';
import type { LimitRule } from '../platform/limits/limit-rules';
import { loggerOptions } from '../platform/logging/logger-options';
import { createMailer } from '../platform/mail/mailer';
import { GatehouseMetrics } from '../platform/metrics/metrics';
import type { EmbeddedBroker } from '../platform/mqtt/embedded-broker';
import type { MqttLink } from '../platform/mqtt/mqtt-link';
import type { AppConfig } from '../platform/settings/config';
import { createSmsSender } from '../platform/sms/sms-sender';
import { collectActivityDeclarations } from './activity-declarations';
import { installMqtt } from './install-mqtt';
import { registerNotificationJobs } from './job-handlers';
import { registerMetricsRoute } from './metrics-routes';
import { installPermissionChecks } from './permission-checks';
import { registerGateLogUpkeepJob } from './retention-jobs';
import { apiRoutes } from './routes';

/**
 * What the app hangs on Fastify, in one place (but device-key.ts's own request fields). The
 * instance's fields carry PlatformDeps' names, so routes pass `app` where a function takes deps.
 */
declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Orm;
    /** Where heavy reads go: a replica when configured and caught up, else the primary. */
    reads: ReadRouting;
    database: Database;
    tokens: TokenService;
    /** How a request carrying an API key is identified (server/api-keys/api-key-caller.ts). */
    identifyApiKey: IdentifyApiKey;
    pendingSignIns: PendingSignIns;
    deviceKeys: KnownDeviceKeys;
    jobs: JobQueue;
    routeCatalog: DeclaredRoute[];
    /** Every /api route's activity declaration (activity/activity-catalog.ts). */
    activityCatalog: ActivityRoute[];
    metrics: GatehouseMetrics;
    /** The connection MQTT relays are pulsed through; null when no broker is configured. */
    mqtt: MqttLink | null;
    /** The embedded broker, when this process runs one. */
    mqttBroker: EmbeddedBroker | null;
  }
  interface FastifyRequest {
    /** Set by access control (authorization/caller.ts) before a user route's handler runs. */
    caller?: Caller;
    claimedCaller?: ClaimedCaller;
    /** The caller as the scope's own query read them (null: gone or signed out), on scopeReadsCaller routes. */
    currentCaller?: Caller | null;
    /** The account a /api/resident/...:userId route's scope loaded (people/account-scope.ts). */
    targetAccount?: AccountRow;
  }
  interface FastifyContextConfig {
    /** Who may call the route (authorization/route-permissions.ts). */
    permission?: Permission;
    /** What the route records in the activity trail (activity/activity-declaration.ts). */
    activity?: ActivityDeclaration;
    /** A public route's own per-source limit, stricter than LIMITS.publicRoute. */
    publicLimit?: LimitRule;
  }
}

const jsonSchemaUnused = (): never => {
  throw new Error('Routes are validated and serialized by their zod schemas, not by JSON Schema');
};

/** The whole server, used alike by `main` and by every test. */
export async function buildApp(config: AppConfig, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, config.logStream),
    // Unique across processes, so a request can be found in the logs of any of them.
    genReqId: () => crypto.randomUUID(),
    bodyLimit: REQUEST_BODY_LIMIT_BYTES,
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
  const replica = config.databaseReadUrl
    ? (await import('../platform/db/replica-pool')).connectReplica(config.databaseReadUrl, config.databasePoolSize)
    : null;
  app.decorate('reads', new ReadRouting(database.orm, replica, { ...REPLICA_DEFAULTS, now: config.now }));
  app.addHook('onClose', () => app.reads.close());
  // Without a replica every read is fresh: no cookie on any answer.
  if (replica) installFreshReads(app);
  app.decorate('tokens', new TokenService(config.secret, config.tokenLifetimeSeconds, config.now));
  app.decorate('identifyApiKey', identifyApiKey);
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
  app.jobs.addPurge('sessions of people whose access is paused', endPausedSessions);

  registerNotificationJobs(app.jobs, {
    db: database.orm,
    secret: config.secret,
    appUrl: config.appUrl,
    now: config.now,
    sendMail: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    sendSms: createSmsSender({ sms: config.sms, dataDir: config.dataDir, log: app.log }),
    vapid: config.vapid,
    wallet: config.wallet,
    outbound: { allowLocal: config.allowLocalDevices, resolve: config.resolveHost },
    webhookTimeoutMs: config.webhookTimeoutMs,
    log: app.log,
  });
  registerGateLogUpkeepJob(app.jobs, { db: database.orm, secret: config.secret, now: config.now, log: app.log });

  const metrics = new GatehouseMetrics(database.orm);
  app.decorate('metrics', metrics);
  installMetrics(app, metrics);
  registerMetricsRoute(app);
  registerSecurityHeaders(app);
  drainConnectionsOnClose(app);
  exposeRequestId(app);
  // Before any route, so the document lists them all; loaded only when served (decision 0006).
  if (config.apiDocs) await (await import('../platform/http/api-docs')).registerApiDocs(app);
  installPermissionChecks(app, app.routeCatalog);
  app.decorate('activityCatalog', [] as ActivityRoute[]);
  collectActivityDeclarations(app, app.activityCatalog);

  registerHealthRoutes(app);
  await installMqtt(app);
  await app.register(apiRoutes);
  await registerWebApp(app, config.webRoot);
  app.addHook('onClose', () => app.jobs.stop());
  return app;
}
