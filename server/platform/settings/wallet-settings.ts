import crypto from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';

const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * A credential given inline (PEM or JSON text) or as a path to a file holding it: text that starts
 * like the credential is taken as it is; anything else must be a readable file.
 */
function credentialText(value: string, kind: 'PEM' | 'JSON'): string {
  // Environments that cannot hold line breaks carry them as \n.
  const text = kind === 'PEM' ? value.replace(/\\n/g, '\n') : value;
  if ((kind === 'PEM' ? /^-----BEGIN / : /^\{/).test(text.trimStart())) return text;
  try {
    return fs.readFileSync(value, 'utf8');
  } catch {
    throw new Error(`is neither ${kind} text nor a readable file`);
  }
}

/** A setting read and checked by `read`, whose Error message becomes the refusal's sentence. */
const credential = <T>(read: (value: string) => T) =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .transform((value, context) => {
        if (value === undefined) return undefined;
        try {
          return read(value);
        } catch (error) {
          context.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      }),
  );

function certificateOf(value: string) {
  const pem = credentialText(value, 'PEM');
  try {
    new crypto.X509Certificate(pem);
  } catch {
    throw new Error('must be an X.509 certificate in PEM form (text or a path to the .pem file)');
  }
  return pem;
}

function privateKeyOf(value: string) {
  const pem = credentialText(value, 'PEM');
  try {
    crypto.createPrivateKey(pem);
  } catch {
    throw new Error('must be an unencrypted private key in PEM form (text or a path to the .pem file)');
  }
  return pem;
}

export interface GoogleServiceAccount {
  clientEmail: string;
  privateKey: string;
}

function serviceAccountOf(value: string): GoogleServiceAccount {
  const text = credentialText(value, 'JSON');
  const shape = z.object({ client_email: z.email(), private_key: z.string() });
  let parsed: z.infer<typeof shape>;
  try {
    parsed = shape.parse(JSON.parse(text));
  } catch {
    throw new Error("must be a Google service account's JSON key (with client_email and private_key), text or a path");
  }
  try {
    if (crypto.createPrivateKey(parsed.private_key).asymmetricKeyType !== 'rsa') throw new Error('not RSA');
  } catch {
    throw new Error("must hold the service account's RSA private_key in PEM form");
  }
  return { clientEmail: parsed.client_email, privateKey: parsed.private_key };
}

/** Apple's and Google's wallet credentials (issue 45); each wallet is offered only when all of its own are set. */
export const walletSettings = {
  APPLE_PASS_TYPE_ID: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^pass(\.[A-Za-z0-9-]+)+$/, 'must be a Pass Type ID like pass.com.example.gatehouse')
      .optional(),
  ),
  APPLE_TEAM_ID: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple Team ID')
      .optional(),
  ),
  APPLE_PASS_CERT: credential(certificateOf),
  APPLE_PASS_KEY: credential(privateKeyOf),
  APPLE_WWDR_CERT: credential(certificateOf),
  GOOGLE_WALLET_ISSUER_ID: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^[0-9]{6,30}$/, 'must be the Google Wallet issuer id (digits)')
      .optional(),
  ),
  GOOGLE_WALLET_SERVICE_ACCOUNT: credential(serviceAccountOf),
};

type WalletSettings = {
  [name in keyof typeof walletSettings]?: z.infer<(typeof walletSettings)[name]>;
};

const APPLE = ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_CERT', 'APPLE_PASS_KEY', 'APPLE_WWDR_CERT'] as const;
const GOOGLE = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT'] as const;

/** Each wallet's settings all or none, and the pass certificate's key the one given. */
export function checkWalletSettings(settings: WalletSettings, context: z.RefinementCtx) {
  for (const group of [APPLE, GOOGLE]) {
    const set = group.filter((name) => settings[name] !== undefined);
    if (set.length === 0 || set.length === group.length) continue;
    for (const name of group.filter((n) => settings[n] === undefined))
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `must be set with ${set.join(', ')}, or none of them`,
      });
  }
  const { APPLE_PASS_CERT: cert, APPLE_PASS_KEY: key } = settings;
  if (cert && key && !new crypto.X509Certificate(cert).checkPrivateKey(crypto.createPrivateKey(key)))
    context.addIssue({
      code: 'custom',
      path: ['APPLE_PASS_KEY'],
      message: 'is not the private key of APPLE_PASS_CERT',
    });
}
