import { DEVICE_MESSAGES } from '@core/api/devices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';
import { devices } from '../device-records/device-tables';
import { sha256Hex } from '../platform/crypto/keys';

let t: TestApp;
let token: string;
let propertyId: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await seedUser(t.app, { role: 'superadmin' })).token;
  propertyId = (await seedProperty(t.app)).id;
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });
let counter = 0;
const topic = () => `gate-${Date.now()}-${++counter}`;
const register = (body: object) =>
  call('POST', '/api/device/register', { deviceName: 'Back Gate', deviceType: 'gate', propertyId, ...body });
const rowOf = async (id: string) => (await t.app.db.select().from(devices).where(eq(devices.id, id)))[0];

describe('MQTT devices in Register Device and Edit Device', () => {
  it('registers an MQTT device by topic, without an address, and shows its broker password once', async () => {
    const mqttTopic = topic();
    const answer = await register({ driver: 'shelly-gen2-mqtt', mqttTopic });
    expect(answer.statusCode).toBe(201);
    const device = answer.json();
    expect(device).toMatchObject({ driver: 'shelly-gen2-mqtt', mqttTopic, deviceIpAddress: '' });
    expect(device.mqttPassword).toMatch(/^[A-Za-z0-9_-]{30,}$/);
    const row = await rowOf(device._id);
    expect(row).toMatchObject({ deviceIpAddress: null, mqttTopic, mqttPasswordHash: sha256Hex(device.mqttPassword) });
  });

  it.each([
    [{ driver: 'tasmota-mqtt' }, 'mqttTopic', DEVICE_MESSAGES.mqttTopicRequired],
    [{ driver: 'tasmota-mqtt', mqttTopic: 'a/b' }, 'mqttTopic', DEVICE_MESSAGES.invalidMqttTopic],
    [{ driver: 'shelly-gen2-mqtt', mqttTopic: 'cmnd' }, 'mqttTopic', DEVICE_MESSAGES.reservedMqttTopic],
    [{ driver: 'shelly-gen2-mqtt', mqttTopic: 'Gatehouse' }, 'mqttTopic', DEVICE_MESSAGES.reservedMqttTopic],
    [{ driver: 'tasmota-mqtt', mqttTopic: 'DVES_8A1B2C' }, 'mqttTopic', DEVICE_MESSAGES.clientIdAsMqttTopic],
    [
      { driver: 'tasmota-mqtt', mqttTopic: 'x-1', deviceIpAddress: '192.0.2.1' },
      'deviceIpAddress',
      DEVICE_MESSAGES.mqttHasNoAddress,
    ],
    [{ deviceIpAddress: '192.0.2.1', mqttTopic: 'x-2' }, 'mqttTopic', DEVICE_MESSAGES.httpHasNoTopic],
    [{ driver: 'shelly-gen2' }, 'deviceIpAddress', DEVICE_MESSAGES.ipRequired],
  ])('refuses %j with a sentence on %s and stores nothing', async (body, field, message) => {
    const before = (await t.app.db.select().from(devices)).length;
    const answer = await register(body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors).toMatchObject({ [field]: message });
    expect(await t.app.db.select().from(devices)).toHaveLength(before);
  });

  it('refuses a topic another device already uses', async () => {
    const mqttTopic = topic();
    expect((await register({ driver: 'tasmota-mqtt', mqttTopic })).statusCode).toBe(201);
    const again = await register({ driver: 'shelly-gen2-mqtt', mqttTopic });
    expect(again.statusCode).toBe(409);
    expect(again.json().fieldErrors).toEqual({ mqttTopic: DEVICE_MESSAGES.mqttTopicTaken });
  });

  it('moves an HTTP device to MQTT and back, keeping one address kind at a time', async () => {
    const device = (await register({ deviceIpAddress: '192.0.2.10' })).json();
    const base = { deviceName: 'Back Gate', deviceType: 'gate' };
    const mqttTopic = topic();
    const toMqtt = await call('PUT', `/api/device/${device._id}`, { ...base, driver: 'tasmota-mqtt', mqttTopic });
    expect(toMqtt.statusCode).toBe(200);
    expect(toMqtt.json()).toMatchObject({ driver: 'tasmota-mqtt', mqttTopic, deviceIpAddress: '' });
    expect(toMqtt.json().mqttPassword).toBeTruthy();
    // Keeping its driver, an MQTT device is edited by topic, and keeps its broker password.
    const renamed = await call('PUT', `/api/device/${device._id}`, { ...base, deviceName: 'Renamed', mqttTopic });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().mqttPassword).toBeUndefined();
    const noTopic = await call('PUT', `/api/device/${device._id}`, { ...base, deviceIpAddress: '192.0.2.11' });
    expect(noTopic.statusCode).toBe(400);
    expect(noTopic.json().fieldErrors).toMatchObject({ mqttTopic: DEVICE_MESSAGES.mqttTopicRequired });
    const back = await call('PUT', `/api/device/${device._id}`, {
      ...base,
      driver: 'shelly-gen1',
      deviceIpAddress: '192.0.2.11',
    });
    expect(back.json()).toMatchObject({ driver: 'shelly-gen1', deviceIpAddress: '192.0.2.11', mqttTopic: null });
    expect(await rowOf(device._id)).toMatchObject({ mqttTopic: null, mqttPasswordHash: null });
  });
});
