import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSimulatedGate } from '../../test/support/gate-test-support';
import { bearer, createTestApp, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { gateLogs } from '../gate-log/gate-log-tables';
import { LIMITS } from '../platform/limits/limit-rules';

let t: TestApp;
const simulator = new RelaySimulator();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

async function gateWithResidents(count: number) {
  const property = await seedProperty(t.app);
  const { relay, device } = await seedSimulatedGate(t.app, simulator, property.id);
  const residents = [];
  for (let i = 0; i < count; i++) residents.push(await seedUser(t.app, { role: 'resident', propertyId: property.id }));
  const press = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/device/trigger-relay',
      payload: { deviceId: device.id, propertyId: property.id },
      headers: bearer(token),
    });
  const logs = () => t.app.db.select().from(gateLogs).where(eq(gateLogs.deviceId, device.id));
  return { relay, device, residents, press, logs };
}

describe('remote opening limits', () => {
  it('lets one person press a few times a minute, and refuses a concurrent burst beyond it with 429', async () => {
    const gate = await gateWithResidents(1);
    const [resident] = gate.residents;
    const answers = await Promise.all(Array.from({ length: 40 }, () => gate.press(resident.token)));
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(answers.length - refused.length).toBe(LIMITS.remoteOpenUser.max);
    expect(refused[0].json().message).toMatch(/You have opened gates many times in the last minute/);
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(await gate.logs()).toHaveLength(LIMITS.remoteOpenUser.max);
    t.clock.advance(LIMITS.remoteOpenUser.windowMs);
    expect((await gate.press(resident.token)).statusCode).toBe(200);
  });

  it('limits one gate for everyone together', async () => {
    const perPerson = LIMITS.remoteOpenUser.max;
    const people = Math.ceil(LIMITS.remoteOpenGate.max / perPerson) + 1;
    const gate = await gateWithResidents(people);
    const answers = [];
    for (const resident of gate.residents) {
      for (let i = 0; i < perPerson; i++) answers.push(await gate.press(resident.token));
    }
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(LIMITS.remoteOpenGate.max);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused[0].json().message).toMatch(/This gate has been opened many times/);
  });
});
