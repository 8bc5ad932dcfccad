import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { deriveKey } from '../crypto/keys';
import type { HostResolver } from '../net/outbound-address-policy';
import { readSettings, type Settings } from './settings';
import type { GoogleServiceAccount } from './wallet-settings';

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
  /** Resolves the names of outbound connections: the system resolver, unless a test stands in. */
  resolveHost?: HostResolver;
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
  /** Single sign-on through an OpenID provider (issue 44); unset: no "Sign in with" button. */
  oidc?: OidcSettings;
  /** Seconds a job's claim lasts unless renewed (every third of it, while the job runs). */
  jobLeaseSeconds: number;
  /** Jobs one process runs at once. */
  jobConcurrency: number;
  /** How often this process looks for devices whose managers are due an offline or back-online email. */
  deviceHealthSweepMs: number;
  /** Web Push identity: VAPID keys (base64url) and the contact push services see. */
  vapid: VapidConfig;
  /** Apple's and Google's wallet credentials; a wallet left out is not offered. */
  wallet?: WalletConfig;
  /** How long a webhook attempt may take (10 s); only tests of a receiver that never answers shorten it. */
  webhookTimeoutMs?: number;
  /** The intercom's STUN/TURN servers (TURN_URLS) and coturn's shared secret (TURN_SECRET). */
  turn?: TurnConfig;
  now: () => Date;
}

export interface AppleWalletConfig {
  passTypeId: string;
  teamId: string;
  /** PEM texts: the pass certificate, its key, and Apple's WWDR intermediate. */
  certificate: string;
  privateKey: string;
  wwdrCertificate: string;
}

export interface GoogleWalletConfig {
  issuerId: string;
  serviceAccount: GoogleServiceAccount;
}

export interface WalletConfig {
  apple?: AppleWalletConfig;
  google?: GoogleWalletConfig;
}

export interface TurnConfig {
  urls: string[];
  secret?: string;
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

/**
 * VAPID keys from the settings; else a pair an earlier version kept under DATA_DIR (subscriptions
 * made for it keep working); else derived from the master secret, so every process that shares the
 * secret signs with the key its subscriptions were made for, whichever process sends the push.
 */
function loadVapidKeys(
  settings: Settings,
  dataDir: string,
  secret: Buffer,
): Pick<VapidConfig, 'publicKey' | 'privateKey'> {
  if (settings.VAPID_PUBLIC_KEY && settings.VAPID_PRIVATE_KEY)
    return { publicKey: settings.VAPID_PUBLIC_KEY, privateKey: settings.VAPID_PRIVATE_KEY };
  const file = path.join(dataDir, 'vapid.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const pair = crypto.createECDH('prime256v1');
  pair.setPrivateKey(deriveKey(secret, 'vapid'));
  return {
    publicKey: pair.getPublicKey().toString('base64url'),
    privateKey: pair.getPrivateKey().toString('base64url'),
  };
}

/** The VAPID subject: as set, else the app's https address, else a mailto: of the sender domain. */
function vapidSubjectOf(settings: Settings, appUrl: string): string {
  if (settings.VAPID_SUBJECT) return settings.VAPID_SUBJECT;
  if (appUrl.startsWith('https://')) return appUrl;
  return 'mailto:no-reply@gatehouse.local';
}

function walletOf(settings: Settings): WalletConfig {
  const { APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_WWDR_CERT } = settings;
  const { GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_SERVICE_ACCOUNT } = settings;
  return {
    apple:
      APPLE_PASS_TYPE_ID && APPLE_TEAM_ID && APPLE_PASS_CERT && APPLE_PASS_KEY && APPLE_WWDR_CERT
        ? {
            passTypeId: APPLE_PASS_TYPE_ID,
            teamId: APPLE_TEAM_ID,
            certificate: APPLE_PASS_CERT,
            privateKey: APPLE_PASS_KEY,
            wwdrCertificate: APPLE_WWDR_CERT,
          }
        : undefined,
    google:
      GOOGLE_WALLET_ISSUER_ID && GOOGLE_WALLET_SERVICE_ACCOUNT
        ? { issuerId: GOOGLE_WALLET_ISSUER_ID, serviceAccount: GOOGLE_WALLET_SERVICE_ACCOUNT }
        : undefined,
  };
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
  const secret = loadSecret(settings.JWT_SECRET, dataDir);
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
    secret,
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
    oidc: oidcOf(settings),
    mqttUrl: settings.MQTT_URL,
    mqttPort: settings.MQTT_PORT,
    jobLeaseSeconds: settings.JOB_LEASE_SECONDS,
    jobConcurrency: settings.JOB_CONCURRENCY,
    deviceHealthSweepMs: settings.DEVICE_HEALTH_SWEEP_MS,
    vapid: { ...loadVapidKeys(settings, dataDir, secret), subject: vapidSubjectOf(settings, appUrl) },
    wallet: walletOf(settings),
    turn: { urls: settings.TURN_URLS, secret: settings.TURN_SECRET },
    now: () => new Date(),
  };
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's words: "Sign in with <label>". */
  label: string;
  /** Whether the provider's `amr` saying it did multi-factor spares a super administrator Gatehouse's. */
  trustMfa: boolean;
}

function oidcOf(settings: Settings): OidcSettings | undefined {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_LABEL } = settings;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET || !OIDC_LABEL) return undefined;
  return {
    issuer: OIDC_ISSUER,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    label: OIDC_LABEL,
    trustMfa: settings.OIDC_TRUST_MFA === '1',
  };
}
