import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import webPush from 'web-push';
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

describe('VAPID settings (Web Push)', () => {
  it('refuses a subject that is neither mailto: nor https:, in one line naming it', () => {
    for (const subject of ['http://gatehouse.example.com', 'admin@example.com', 'mailto:nobody'])
      expect(refusal({ VAPID_SUBJECT: subject }).trim()).toBe(
        `VAPID_SUBJECT=${JSON.stringify(subject)} must be a mailto: address or an https:// URL`,
      );
    expect(refusal({ VAPID_SUBJECT: 'mailto:ops@example.com' })).toBe('');
    expect(refusal({ VAPID_SUBJECT: 'https://gatehouse.example.com' })).toBe('');
  });

  it('takes both keys or neither, and never shows the private one', () => {
    const keys = webPush.generateVAPIDKeys();
    expect(refusal({ VAPID_PUBLIC_KEY: keys.publicKey })).toContain(
      'VAPID_PRIVATE_KEY=(hidden) must be set with the other VAPID key, or neither',
    );
    const bad = refusal({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: `${keys.privateKey}xx` });
    expect(bad).toContain('VAPID_PUBLIC_KEY="short" must be a base64url VAPID key of 65 bytes');
    expect(bad).toContain('VAPID_PRIVATE_KEY=(hidden) must be a base64url VAPID key of 32 bytes');
    expect(bad).not.toContain(keys.privateKey);
    expect(refusal({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey })).toBe('');
  });

  it('generates a key pair into DATA_DIR once and keeps it, like the secret key', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-vapid-'));
    const first = loadConfig({ DATA_DIR: dataDir }).vapid;
    expect(fs.statSync(path.join(dataDir, 'vapid.json')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).vapid).toEqual(first);
    // A pair web-push accepts: it signs a request with it.
    const signed = webPush.getVapidHeaders(
      'https://push.example.com',
      first.subject,
      first.publicKey,
      first.privateKey,
      'aes128gcm',
    );
    expect(signed.Authorization).toMatch(/^vapid t=/);
    expect(first.subject).toBe('mailto:no-reply@gatehouse.local');
    const set = webPush.generateVAPIDKeys();
    const configured = loadConfig({
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: set.publicKey,
      VAPID_PRIVATE_KEY: set.privateKey,
      APP_URL: 'https://gates.example.com',
    }).vapid;
    expect(configured).toEqual({ ...set, subject: 'https://gates.example.com' });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
