import { describe, expect, it } from 'vitest';
import { readSettings, SettingsError } from './settings';
import { spawnGatehouse } from './test-support/gatehouse-process';

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

  it('stops the real process with exit code 1 and the bad setting named', async () => {
    const process = await spawnGatehouse({ env: { PORT: 'abc' }, noWait: true });
    expect(await process.exited).toBe(1);
    expect(process.output()).toContain('PORT="abc" must be a whole number');
  });
});
