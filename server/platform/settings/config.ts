import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readSettings, type Settings } from './settings';

export interface SmsConfig {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl: string;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** A streaming replica for heavy reads (platform/db/read-routing.ts); only with databaseUrl. */
  databaseReadUrl?: string;
  /** Connections this process keeps to PostgreSQL at most. */
  databasePoolSize: number;
  appUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  sms?: SmsConfig;
  /** Master secret: signs tokens and, through derived keys, encrypts PINs and device credentials. */
  secret: Buffer;
  superadmin?: { email: string; password: string };
  allowLocalDevices: boolean;
  /** argon2id memory in KiB: 19456 (OWASP) in production, lower only in tests. */
  passwordHashMemoryKib: number;
  tokenLifetimeSeconds: number;
  /** A session's absolute lifetime from sign-in; refreshing never extends it. */
  sessionLifetimeSeconds: number;
  /** Whether super administrators must enrol a second factor before using the app. */
  adminMfa: 'required' | 'optional';
  /** Where the built SPA lives; absent in API-only tests. */
  webRoot?: string;
  logLevel: string;
  /** Where log lines go: stdout, unless a test reads them. */
  logStream?: NodeJS.WritableStream;
  /** Reverse proxies (addresses or CIDRs) whose X-Forwarded-For is believed. */
  trustedProxies: string[];
  jobPollMs: number;
  /** An external MQTT broker that MQTT relays connect to; wins over mqttPort. */
  mqttUrl?: string;
  /** Without mqttUrl: run the embedded broker on this port (0: any free port, for tests). */
  mqttPort?: number;
  /** Bearer token that /metrics requires; unset: /metrics is not served. */
  metricsToken?: string;
  /** Serve the OpenAPI document and its UI at /api/docs (decision 0006); off by default. */
  apiDocs?: boolean;
  /** Seconds a job's claim lasts unless renewed (every third of it, while the job runs). */
  jobLeaseSeconds: number;
  /** Jobs one process runs at once. */
  jobConcurrency: number;
  /** How often this process looks for devices whose managers are due an offline or back-online email. */
  deviceHealthSweepMs: number;
  /** Web Push identity: VAPID keys (base64url) and the contact push services see. */
  vapid: VapidConfig;
  now: () => Date;
}

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** JWT_SECRET if set, else a random secret generated once and kept under DATA_DIR. */
function loadSecret(jwtSecret: string | undefined, dataDir: string): Buffer {
  if (jwtSecret) return Buffer.from(jwtSecret, 'utf8');
  const file = path.join(dataDir, 'secret.key');
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48);
  fs.writeFileSync(file, secret.toString('base64'), { mode: 0o600 });
  return secret;
}

/** VAPID keys from the settings, else a pair generated once and kept under DATA_DIR like the secret. */
function loadVapidKeys(settings: Settings, dataDir: string): Pick<VapidConfig, 'publicKey' | 'privateKey'> {
  if (settings.VAPID_PUBLIC_KEY && settings.VAPID_PRIVATE_KEY)
    return { publicKey: settings.VAPID_PUBLIC_KEY, privateKey: settings.VAPID_PRIVATE_KEY };
  const file = path.join(dataDir, 'vapid.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.mkdirSync(dataDir, { recursive: true });
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = publicKey.export({ format: 'der', type: 'spki' }).subarray(-65);
  const keys = { publicKey: point.toString('base64url'), privateKey: jwk.d as string };
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** The VAPID subject: as set, else the app's https address, else a mailto: of the sender domain. */
function vapidSubjectOf(settings: Settings, appUrl: string): string {
  if (settings.VAPID_SUBJECT) return settings.VAPID_SUBJECT;
  if (appUrl.startsWith('https://')) return appUrl;
  return 'mailto:no-reply@gatehouse.local';
}

function smsOf(settings: Settings): SmsConfig | undefined {
  if (!settings.SMS_ACCOUNT_SID || !settings.SMS_AUTH_TOKEN || !settings.SMS_FROM) return undefined;
  return {
    accountSid: settings.SMS_ACCOUNT_SID,
    authToken: settings.SMS_AUTH_TOKEN,
    from: settings.SMS_FROM,
    apiUrl: settings.SMS_API_URL,
  };
}

/** The app's configuration from the environment; throws SettingsError naming every bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const settings = readSettings(env);
  const dataDir = path.resolve(settings.DATA_DIR);
  const appUrl = (settings.APP_URL ?? `http://localhost:${settings.PORT}`).replace(/\/$/, '');
  return {
    port: settings.PORT,
    host: settings.HOST,
    dataDir,
    databaseUrl: settings.DATABASE_URL,
    databaseReadUrl: settings.DATABASE_URL ? settings.DATABASE_READ_URL : undefined,
    databasePoolSize: settings.DATABASE_POOL_SIZE,
    appUrl,
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM,
    sms: smsOf(settings),
    secret: loadSecret(settings.JWT_SECRET, dataDir),
    superadmin:
      settings.SUPERADMIN_EMAIL && settings.SUPERADMIN_PASSWORD
        ? { email: settings.SUPERADMIN_EMAIL, password: settings.SUPERADMIN_PASSWORD }
        : undefined,
    allowLocalDevices: settings.ALLOW_LOCAL_DEVICES === '1',
    passwordHashMemoryKib: settings.PASSWORD_HASH_MEMORY_KIB,
    tokenLifetimeSeconds: settings.TOKEN_LIFETIME_SECONDS,
    sessionLifetimeSeconds: settings.SESSION_LIFETIME_SECONDS,
    adminMfa: settings.ADMIN_MFA,
    webRoot: path.resolve(settings.WEB_ROOT),
    logLevel: settings.LOG_LEVEL,
    trustedProxies: settings.TRUST_PROXY,
    jobPollMs: settings.JOB_POLL_MS,
    metricsToken: settings.METRICS_TOKEN,
    apiDocs: settings.API_DOCS === '1',
    mqttUrl: settings.MQTT_URL,
    mqttPort: settings.MQTT_PORT,
    jobLeaseSeconds: settings.JOB_LEASE_SECONDS,
    jobConcurrency: settings.JOB_CONCURRENCY,
    deviceHealthSweepMs: settings.DEVICE_HEALTH_SWEEP_MS,
    vapid: { ...loadVapidKeys(settings, dataDir), subject: vapidSubjectOf(settings, appUrl) },
    now: () => new Date(),
  };
}
