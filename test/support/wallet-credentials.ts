import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { WalletConfig } from '../../server/platform/settings/config';

export interface WalletCredentials {
  /** Where the PEM files are, for settings given as paths and for `openssl smime -verify -CAfile`. */
  dir: string;
  files: { wwdr: string; certificate: string; privateKey: string; serviceAccount: string };
  /** Everything a test must never find in an answer. */
  secrets: { passKey: string; serviceAccountKey: string };
  googlePublicKey: crypto.KeyObject;
  config: Required<WalletConfig>;
}

const openssl = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/**
 * Credentials of our own, standing in for Apple's and Google's: a WWDR-like root, a pass
 * certificate it signs (with the Pass Type ID and Team ID in its subject, as Apple's has), and a
 * service account with its RSA key. Made with the openssl CLI once per test file.
 */
export function makeWalletCredentials(
  passTypeId = 'pass.test.gatehouse.visitor',
  teamId = 'TEAM123456',
): WalletCredentials {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-wallet-'));
  openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'wwdr.key',
    '-out',
    'wwdr.pem',
    '-days',
    '30',
    '-subj',
    '/CN=Test Worldwide Developer Relations',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  openssl(dir, [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'pass.key',
    '-out',
    'pass.csr',
    '-subj',
    `/UID=${passTypeId}/CN=Pass Type ID: ${passTypeId}/OU=${teamId}`,
  ]);
  fs.writeFileSync(
    path.join(dir, 'pass.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=emailProtection\n',
  );
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    'pass.csr',
    '-CA',
    'wwdr.pem',
    '-CAkey',
    'wwdr.key',
    '-CAcreateserial',
    '-out',
    'pass.pem',
    '-days',
    '30',
    '-extfile',
    'pass.ext',
  ]);
  const google = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccountKey = google.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const clientEmail = 'gatehouse-wallet@test-project.iam.gserviceaccount.com';
  const serviceAccountFile = path.join(dir, 'service-account.json');
  fs.writeFileSync(
    serviceAccountFile,
    JSON.stringify({ type: 'service_account', client_email: clientEmail, private_key: serviceAccountKey }),
  );
  const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
  return {
    dir,
    files: {
      wwdr: path.join(dir, 'wwdr.pem'),
      certificate: path.join(dir, 'pass.pem'),
      privateKey: path.join(dir, 'pass.key'),
      serviceAccount: serviceAccountFile,
    },
    secrets: { passKey: read('pass.key'), serviceAccountKey },
    googlePublicKey: google.publicKey,
    config: {
      apple: {
        passTypeId,
        teamId,
        certificate: read('pass.pem'),
        privateKey: read('pass.key'),
        wwdrCertificate: read('wwdr.pem'),
      },
      google: { issuerId: '3388000000022222228', serviceAccount: { clientEmail, privateKey: serviceAccountKey } },
    },
  };
}

/** The base64 lines of a PEM key: what a leak of it would show, whatever the wrapping. */
export const pemBodyLines = (pem: string) =>
  pem
    .split('\n')
    .filter((line) => line && !line.startsWith('-----'))
    .slice(1, -1);
