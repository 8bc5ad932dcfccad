import { z } from 'zod';
import { DATABASE_POOL_SIZE } from '../db/postgres-settings';
import { parseTrustedProxies } from '../http/trusted-proxies';
import { checkWalletSettings, walletSettings } from './wallet-settings';

const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = z.preprocess(blankAsUnset, z.string().optional());
const integer = (fallback: number, min: number, max: number) =>
  z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`)
      .default(fallback),
  );
const url = (protocols: string[]) =>
  z.preprocess(
    blankAsUnset,
    z
      .url({
        protocol: new RegExp(`^(${protocols.join('|')})$`),
        error: `must be a URL starting ${protocols.map((p) => `${p}://`).join(' or ')}`,
      })
      .optional(),
  );
/** A VAPID key: the bytes of an uncompressed P-256 point (public) or scalar (private), base64url. */
const vapidKey = (bytes: number) =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .refine((value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes, {
        error: `must be a base64url VAPID key of ${bytes} bytes (npx web-push generate-vapid-keys)`,
      })
      .optional(),
  );
const flag = z.preprocess(blankAsUnset, z.enum(['0', '1'], { error: 'must be 1 or 0' }).default('0'));

/**
 * Every setting Gatehouse reads from its environment, checked once at start. `.env.example`
 * lists them with their defaults; a bad value stops the process with one line naming it.
 */
export const settingsSchema = z.object({
  PORT: integer(3000, 0, 65535),
  HOST: z.preprocess(blankAsUnset, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(blankAsUnset, z.string().default('./data')),
  DATABASE_URL: url(['postgres', 'postgresql']),
  DATABASE_READ_URL: url(['postgres', 'postgresql']),
  DATABASE_POOL_SIZE: integer(DATABASE_POOL_SIZE, 1, 1000),
  APP_URL: url(['http', 'https']),
  SMTP_URL: url(['smtp', 'smtps']),
  MAIL_FROM: z.preprocess(blankAsUnset, z.string().default('Gatehouse <no-reply@gatehouse.local>')),
  SMS_ACCOUNT_SID: optionalText,
  SMS_AUTH_TOKEN: optionalText,
  SMS_FROM: optionalText,
  SMS_API_URL: z.preprocess(blankAsUnset, url(['http', 'https']).default('https://api.twilio.com')),
  JWT_SECRET: z.preprocess(blankAsUnset, z.string().min(32, 'must be at least 32 characters long').optional()),
  SUPERADMIN_EMAIL: z.preprocess(blankAsUnset, z.email('must be an email address').optional()),
  SUPERADMIN_PASSWORD: z.preprocess(blankAsUnset, z.string().min(8, 'must be at least 8 characters long').optional()),
  ALLOW_LOCAL_DEVICES: flag,
  PASSWORD_HASH_MEMORY_KIB: integer(19_456, 64, 1_048_576),
  TOKEN_LIFETIME_SECONDS: integer(30 * 24 * 3600, 60, 366 * 24 * 3600),
  SESSION_LIFETIME_SECONDS: integer(30 * 24 * 3600, 60, 366 * 24 * 3600),
  ADMIN_MFA: z.preprocess(
    blankAsUnset,
    z.enum(['required', 'optional'], { error: 'must be required or optional' }).default('required'),
  ),
  LOG_LEVEL: z.preprocess(
    blankAsUnset,
    z
      .enum(['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace'], {
        error: 'must be one of silent, error, warn, info, debug',
      })
      .default('info'),
  ),
  TRUST_PROXY: z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .transform((value, context) => {
        try {
          return parseTrustedProxies(value);
        } catch (error) {
          context.addIssue({ code: 'custom', message: (error as Error).message.replace(/^TRUST_PROXY /, '') });
          return z.NEVER;
        }
      }),
  ),
  WEB_ROOT: z.preprocess(blankAsUnset, z.string().default('dist/web')),
  JOB_POLL_MS: integer(1000, 10, 60_000),
  JOB_LEASE_SECONDS: integer(30, 1, 3600),
  JOB_CONCURRENCY: integer(4, 1, 100),
  DEVICE_HEALTH_SWEEP_MS: integer(15_000, 50, 600_000),
  MQTT_URL: url(['mqtt', 'mqtts', 'ws', 'wss']),
  MQTT_PORT: z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(65535, 'must be at most 65535')
      .optional(),
  ),
  API_DOCS: flag,
  // Single sign-on (OpenID Connect, issue 44): the first four together or none.
  OIDC_ISSUER: url(['https', 'http']),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_LABEL: optionalText,
  OIDC_TRUST_MFA: flag,
  METRICS_TOKEN: z.preprocess(blankAsUnset, z.string().min(16, 'must be at least 16 characters long').optional()),
  /** STUN/TURN servers for intercom calls, comma-separated (decision 0093). */
  TURN_URLS: z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .transform((value, context) => {
        const urls = (value ?? '')
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean);
        const bad = urls.find((url) => !/^(stun|turn|turns):[^\s,]+$/.test(url));
        if (bad) {
          context.addIssue({
            code: 'custom',
            message: `must be stun:, turn: or turns: URLs separated by commas (${bad})`,
          });
          return z.NEVER;
        }
        return urls;
      }),
  ),
  /** coturn's static-auth-secret: TURN credentials are made from it (TURN REST scheme). */
  TURN_SECRET: z.preprocess(blankAsUnset, z.string().min(16, 'must be at least 16 characters long').optional()),
  VAPID_PUBLIC_KEY: vapidKey(65),
  VAPID_PRIVATE_KEY: vapidKey(32),
  // Apple's push service refuses any other subject.
  VAPID_SUBJECT: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/[^\s]+)$/, 'must be a mailto: address or an https:// URL')
      .optional(),
  ),
  ...walletSettings,
});

const OIDC_SETTINGS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_LABEL'] as const;

/** Both VAPID keys or neither (then they are generated into DATA_DIR); each wallet's settings and the OIDC four all or none. */
const settingsChecked = settingsSchema.superRefine((settings, context) => {
  checkWalletSettings(settings, context);
  const oidcSet = OIDC_SETTINGS.filter((name) => settings[name]);
  if (oidcSet.length && oidcSet.length < OIDC_SETTINGS.length) {
    const missing = OIDC_SETTINGS.filter((name) => !settings[name]);
    for (const name of missing)
      context.addIssue({ code: 'custom', path: [name], message: `must be set with ${oidcSet.join(', ')}, or none` });
  }
  if (Boolean(settings.VAPID_PUBLIC_KEY) === Boolean(settings.VAPID_PRIVATE_KEY)) return;
  const missing = settings.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
  context.addIssue({ code: 'custom', path: [missing], message: 'must be set with the other VAPID key, or neither' });
});

export type Settings = z.infer<typeof settingsSchema>;

/** Settings whose value may hold a secret or a credential: named in errors, never shown. */
// Wallet certificates are not secret, but a PEM would not fit on the line.
const SECRET_SETTING = /SECRET|PASSWORD|TOKEN|PRIVATE|_URL$|APPLE_PASS_KEY|_CERT$|SERVICE_ACCOUNT/;

/** Raised when the environment holds bad settings; its message has one line per bad value. */
export class SettingsError extends Error {}

export function readSettings(env: NodeJS.ProcessEnv): Settings {
  const parsed = settingsChecked.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const shown = SECRET_SETTING.test(name) ? '(hidden)' : JSON.stringify(env[name] ?? '');
    return `${name}=${shown} ${issue.message}`;
  });
  throw new SettingsError(`Gatehouse cannot start: bad settings\n${lines.map((line) => `  ${line}`).join('\n')}`);
}
