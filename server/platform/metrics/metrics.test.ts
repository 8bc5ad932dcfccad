import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSimulatedGate } from '../../../test/support/gate-test-support';
import { createTestApp, seedProperty, type TestApp } from '../../../test/support/test-app';
import { RelaySimulator } from '../../../tools/relay-simulator/relay-simulator';
import { devices } from '../../device-records/device-tables';
import { gateDependencies, openGate } from '../../gates/gate-decision';
import { randomToken, sha256Hex } from '../crypto/keys';

const METRICS_TOKEN = 'scraper-token-0123456789';
let t: TestApp;
const simulator = new RelaySimulator();
beforeAll(async () => {
  t = await createTestApp({ metricsToken: METRICS_TOKEN });
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const scrape = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });

const sample = (text: string, name: string, labels: string) =>
  Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${name}{`) && line.includes(labels))
      ?.split(' ')
      .at(-1) ?? Number.NaN,
  );

describe('GET /metrics', () => {
  it('refuses a scraper without the token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('wrong-token-0123456789')).statusCode).toBe(401);
  });

  it('counts requests by route, gate decisions, login failures, relay pulses and the job queue', async () => {
    const property = await seedProperty(t.app);
    const key = randomToken();
    await t.app.db.insert(devices).values({
      propertyId: property.id,
      deviceName: 'Reader',
      deviceIpAddress: '10.0.0.9',
      deviceKeyHash: sha256Hex(key),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/access/qr',
      payload: { code: 'nope' },
      headers: { authorization: `Bearer ${key}` },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/resident/login',
      payload: { email: 'nobody@example.com', password: 'wrong', userType: 'resident' },
    });
    const { device } = await seedSimulatedGate(t.app, simulator, property.id);
    await openGate(gateDependencies(t.app), { device, logDetails: { callerType: 'user' } });

    const answer = await scrape(METRICS_TOKEN);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const text = answer.body;
    expect(sample(text, 'gatehouse_gate_decisions_total', 'credential="qr",outcome="unknown"')).toBe(1);
    expect(sample(text, 'gatehouse_login_failures_total', 'reason="credentials"')).toBe(1);
    expect(sample(text, 'gatehouse_relay_pulses_total', 'driver="shelly-gen1",result="success"')).toBe(1);
    expect(
      sample(text, 'gatehouse_http_request_duration_seconds_count', 'route="/api/access/qr",status_code="200"'),
    ).toBe(1);
    expect(text).toMatch(/^gatehouse_job_queue_depth \d+$/m);
    expect(text).toMatch(/^gatehouse_job_queue_oldest_age_seconds [\d.]+$/m);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
