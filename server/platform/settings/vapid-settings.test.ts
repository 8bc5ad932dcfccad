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

  it('derives one key pair from the master secret, so processes sharing JWT_SECRET sign for the same subscriptions', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-vapid-'));
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-vapid-'));
    const secret = 'vapid-shared-secret-0123456789abcdef';
    const first = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret }).vapid;
    // Another process, its own data directory, the same secret: the same key.
    expect(loadConfig({ DATA_DIR: otherDir, JWT_SECRET: secret }).vapid).toEqual(first);
    expect(loadConfig({ DATA_DIR: otherDir, JWT_SECRET: `${secret}-other` }).vapid.publicKey).not.toBe(first.publicKey);
    // Without JWT_SECRET the generated secret under DATA_DIR keeps the key from start to start.
    const alone = loadConfig({ DATA_DIR: otherDir }).vapid;
    expect(loadConfig({ DATA_DIR: otherDir }).vapid).toEqual(alone);
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
    // A pair an earlier version kept under DATA_DIR stays, so the subscriptions made for it still work.
    const kept = webPush.generateVAPIDKeys();
    fs.writeFileSync(path.join(dataDir, 'vapid.json'), JSON.stringify(kept));
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret }).vapid).toMatchObject(kept);
    fs.rmSync(otherDir, { recursive: true, force: true });
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
