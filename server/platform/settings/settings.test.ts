import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spawnGatehouse } from '../../../test/support/gatehouse-process';
import { readSettings, SettingsError, settingsSchema } from './settings';

describe('settings', () => {
  it('gives every setting its documented default', () => {
    const settings = readSettings({});
    expect(settings).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      PASSWORD_HASH_MEMORY_KIB: 19_456,
      LOG_LEVEL: 'info',
      TRUST_PROXY: [],
    });
  });

  it('.env.example lists every setting, each with the default Gatehouse uses', () => {
    const listed = Object.fromEntries(
      fs
        .readFileSync('.env.example', 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.keys(listed).sort()).toEqual(Object.keys(settingsSchema.shape).sort());
    const defaults = readSettings({});
    expect(readSettings(listed)).toEqual({ ...defaults, JWT_SECRET: defaults.JWT_SECRET });
  });

  it('names each bad value on its own line, never showing a secret', () => {
    const bad = () =>
      readSettings({
        PORT: 'abc',
        JWT_SECRET: 'too-short-secret',
        SMTP_URL: 'http://mail.example.com',
        TRUST_PROXY: '1',
        PASSWORD_HASH_MEMORY_KIB: '3',
        LOG_LEVEL: 'loud',
      });
    expect(bad).toThrow(SettingsError);
    const lines = (() => {
      try {
        bad();
      } catch (error) {
        return (error as Error).message.split('\n').slice(1);
      }
    })()!;
    expect(lines.map((line) => line.trim().split('=')[0]).sort()).toEqual(
      ['JWT_SECRET', 'LOG_LEVEL', 'PASSWORD_HASH_MEMORY_KIB', 'PORT', 'SMTP_URL', 'TRUST_PROXY'].sort(),
    );
    expect(lines.join('\n')).not.toContain('too-short-secret');
    expect(lines.find((line) => line.includes('PORT'))).toContain('"abc" must be a whole number');
  });

  it('takes an MQTT broker URL or an embedded broker port, and nothing MQTT by default', () => {
    const defaults = readSettings({});
    expect([defaults.MQTT_URL, defaults.MQTT_PORT]).toEqual([undefined, undefined]);
    expect(readSettings({ MQTT_URL: 'mqtts://gate:pw@broker.example.com:8883', MQTT_PORT: '1884' })).toMatchObject({
      MQTT_URL: 'mqtts://gate:pw@broker.example.com:8883',
      MQTT_PORT: 1884,
    });
    const refused = (env: NodeJS.ProcessEnv) => {
      try {
        readSettings(env);
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    };
    const urlRefusal = refused({ MQTT_URL: 'http://user:secret@broker.example.com' });
    expect(urlRefusal).toContain('MQTT_URL=(hidden) must be a URL starting mqtt://');
    expect(urlRefusal).not.toContain('secret');
    expect(refused({ MQTT_PORT: '70000' })).toContain('MQTT_PORT="70000" must be at most 65535');
  });

  it('stops the real process with exit code 1 and the bad setting named', async () => {
    const process = await spawnGatehouse({ env: { PORT: 'abc' }, noWait: true });
    expect(await process.exited).toBe(1);
    expect(process.output()).toContain('PORT="abc" must be a whole number');
  });
});
