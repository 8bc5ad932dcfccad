import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnGatehouse } from '../../../test/support/gatehouse-process';
import { makeWalletCredentials, type WalletCredentials } from '../../../test/support/wallet-credentials';
import { loadConfig } from './config';
import { readSettings } from './settings';

const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    readSettings(env);
  } catch (error) {
    return (error as Error).message.split('\n').slice(1).join('\n');
  }
  return '';
};

let credentials: WalletCredentials;
let apple: NodeJS.ProcessEnv;
beforeAll(() => {
  credentials = makeWalletCredentials();
  apple = {
    APPLE_PASS_TYPE_ID: 'pass.test.gatehouse.visitor',
    APPLE_TEAM_ID: 'TEAM123456',
    APPLE_PASS_CERT: credentials.files.certificate,
    APPLE_PASS_KEY: credentials.secrets.passKey,
    APPLE_WWDR_CERT: credentials.files.wwdr,
  };
});

describe('wallet settings', () => {
  it('takes PEM and JSON as text or as a path, and offers each wallet only when all of its settings are given', () => {
    expect(refusal(apple)).toBe('');
    const google = {
      GOOGLE_WALLET_ISSUER_ID: '3388000000022222228',
      GOOGLE_WALLET_SERVICE_ACCOUNT: fs.readFileSync(credentials.files.serviceAccount, 'utf8'),
    };
    const config = loadConfig({ DATA_DIR: credentials.dir, ...apple, ...google });
    expect(config.wallet?.apple).toEqual(credentials.config.apple);
    expect(config.wallet?.google).toEqual(credentials.config.google);
    expect(loadConfig({ DATA_DIR: credentials.dir }).wallet).toEqual({ apple: undefined, google: undefined });
  });

  it('refuses malformed values with one line each, never showing a key', () => {
    const garbled = path.join(credentials.dir, 'garbled.pem');
    fs.writeFileSync(garbled, '-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n');
    const lines = refusal({
      ...apple,
      APPLE_PASS_TYPE_ID: 'com.example.pass',
      APPLE_TEAM_ID: 'team',
      APPLE_PASS_CERT: garbled,
      APPLE_PASS_KEY: '/nowhere/pass.key',
      GOOGLE_WALLET_ISSUER_ID: 'issuer',
      GOOGLE_WALLET_SERVICE_ACCOUNT: '{"client_email":"x@example.com"}',
    }).split('\n');
    expect(lines.map((line) => line.trim())).toEqual([
      'APPLE_PASS_TYPE_ID="com.example.pass" must be a Pass Type ID like pass.com.example.gatehouse',
      'APPLE_TEAM_ID="team" must be the 10-character Apple Team ID',
      'APPLE_PASS_CERT=(hidden) must be an X.509 certificate in PEM form (text or a path to the .pem file)',
      'APPLE_PASS_KEY=(hidden) is neither PEM text nor a readable file',
      'GOOGLE_WALLET_ISSUER_ID="issuer" must be the Google Wallet issuer id (digits)',
      "GOOGLE_WALLET_SERVICE_ACCOUNT=(hidden) must be a Google service account's JSON key (with client_email and private_key), text or a path",
    ]);
  });

  it("refuses half a wallet, and a key that is not the pass certificate's", () => {
    expect(refusal({ APPLE_PASS_TYPE_ID: 'pass.test.gatehouse.visitor' })).toContain(
      'APPLE_WWDR_CERT=(hidden) must be set with APPLE_PASS_TYPE_ID, or none of them',
    );
    expect(refusal({ GOOGLE_WALLET_ISSUER_ID: '3388000000022222228' })).toBe(
      '  GOOGLE_WALLET_SERVICE_ACCOUNT=(hidden) must be set with GOOGLE_WALLET_ISSUER_ID, or none of them',
    );
    const wrongKey = refusal({ ...apple, APPLE_PASS_KEY: credentials.secrets.serviceAccountKey });
    expect(wrongKey.trim()).toBe('APPLE_PASS_KEY=(hidden) is not the private key of APPLE_PASS_CERT');
    expect(wrongKey).not.toContain(credentials.secrets.serviceAccountKey.split('\n')[1]);
  });

  it('stops the process at start with the sentence', async () => {
    const process = await spawnGatehouse({ env: { APPLE_TEAM_ID: 'team' }, noWait: true });
    expect(await process.exited).toBe(1);
    expect(process.output()).toContain('APPLE_TEAM_ID="team" must be the 10-character Apple Team ID');
  });
});
