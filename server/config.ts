import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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
  appUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  sms?: SmsConfig;
  /** Master secret: signs tokens and, through derived keys, encrypts PINs and device credentials. */
  secret: Buffer;
  superadmin?: { email: string; password: string };
  allowLocalDevices: boolean;
  /** log2 of the scrypt cost; 17 in production, lower only in tests. */
  passwordHashCost: number;
  tokenLifetimeSeconds: number;
  /** Where the built SPA lives; absent in API-only tests. */
  webRoot?: string;
  logLevel: string;
  jobPollMs: number;
  now: () => Date;
}

/** JWT_SECRET if set, else a random secret generated once and kept under DATA_DIR. */
function loadSecret(env: NodeJS.ProcessEnv, dataDir: string): Buffer {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    return Buffer.from(env.JWT_SECRET, 'utf8');
  }
  const file = path.join(dataDir, 'secret.key');
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48);
  fs.writeFileSync(file, secret.toString('base64'), { mode: 0o600 });
  return secret;
}

function loadSms(env: NodeJS.ProcessEnv): SmsConfig | undefined {
  if (!env.SMS_ACCOUNT_SID || !env.SMS_AUTH_TOKEN || !env.SMS_FROM) return undefined;
  return {
    accountSid: env.SMS_ACCOUNT_SID,
    authToken: env.SMS_AUTH_TOKEN,
    from: env.SMS_FROM,
    apiUrl: env.SMS_API_URL ?? 'https://api.twilio.com',
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number.parseInt(env.PORT ?? '3000', 10);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Gatehouse <no-reply@gatehouse.local>',
    sms: loadSms(env),
    secret: loadSecret(env, dataDir),
    superadmin:
      env.SUPERADMIN_EMAIL && env.SUPERADMIN_PASSWORD
        ? { email: env.SUPERADMIN_EMAIL, password: env.SUPERADMIN_PASSWORD }
        : undefined,
    allowLocalDevices: env.ALLOW_LOCAL_DEVICES === '1',
    passwordHashCost: Number.parseInt(env.PASSWORD_HASH_COST ?? '17', 10),
    tokenLifetimeSeconds: Number.parseInt(env.TOKEN_LIFETIME_SECONDS ?? String(30 * 24 * 3600), 10),
    webRoot: path.resolve(env.WEB_ROOT ?? 'dist/web'),
    logLevel: env.LOG_LEVEL ?? 'info',
    jobPollMs: Number.parseInt(env.JOB_POLL_MS ?? '1000', 10),
    now: () => new Date(),
  };
}
