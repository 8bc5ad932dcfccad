import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControlServer } from './control-server';
import { RelaySimulator } from './relay-simulator';

const simulator = new RelaySimulator();
let control: Awaited<ReturnType<typeof startControlServer>>;
let base: string;
beforeAll(async () => {
  control = await startControlServer(simulator, 0, '127.0.0.1');
  base = `http://127.0.0.1:${control.port}`;
});
afterAll(async () => {
  await simulator.close();
  control.server.close();
});

const send = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
};

describe('relay simulator control API', () => {
  it('starts a fake relay, records its pulses and applies faults', async () => {
    const created = await send('POST', '/devices', { protocol: 'shelly-gen1', name: 'North' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'North', protocol: 'shelly-gen1', fault: 'none' });
    const relay = `http://${created.body.address}`;

    expect((await fetch(`${relay}/relay/0?turn=on&timer=3`)).status).toBe(200);
    const pulses = await send('GET', `/devices/${created.body.id}/pulses`);
    expect(pulses.body.pulses).toMatchObject([{ channel: 0, seconds: 3, protocol: 'shelly-gen1' }]);

    expect((await send('PUT', `/devices/${created.body.id}/fault`, { mode: 'error' })).status).toBe(200);
    expect((await fetch(`${relay}/relay/0?turn=on&timer=3`)).status).toBe(500);
    await send('PUT', `/devices/${created.body.id}/fault`, { mode: 'down' });
    await expect(fetch(`${relay}/relay/0?turn=on&timer=3`)).rejects.toThrow();
    await send('PUT', `/devices/${created.body.id}/fault`, { mode: 'none' });
    expect((await fetch(`${relay}/relay/0?turn=on&timer=3`)).status).toBe(200);

    await send('DELETE', `/devices/${created.body.id}/pulses`);
    expect((await send('GET', `/devices/${created.body.id}/pulses`)).body.pulses).toEqual([]);
  });

  it('names what is wrong in a bad request', async () => {
    expect((await send('POST', '/devices', { protocol: 'zigbee' })).status).toBe(400);
    const device = await send('POST', '/devices', { protocol: 'tasmota' });
    expect((await send('PUT', `/devices/${device.body.id}/fault`, { mode: 'melted' })).status).toBe(400);
    expect((await send('GET', '/devices/unknown/pulses')).status).toBe(404);
  });
});
