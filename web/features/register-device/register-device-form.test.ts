import { DEVICE_MESSAGES } from '@core/api/device-messages';
import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { emptyRegisterDeviceForm, registerDeviceFormSchema, toRegisterDeviceBody } from './register-device-form';

const errorsOf = schemaResolver(registerDeviceFormSchema, { sync: true });

describe('register device form', () => {
  it('names every missing required field with the exact docs/SPEC.md §5 text, on its own field', () => {
    expect(errorsOf({ ...emptyRegisterDeviceForm(), deviceType: '' })).toEqual({
      deviceName: 'Device Name is required',
      deviceType: 'Device Type is required',
      deviceIpAddress: 'Device IP Address is required',
      propertyId: 'Property is required',
    });
  });

  it('needs no label and sends no credentials unless a password is given', () => {
    const form = {
      ...emptyRegisterDeviceForm(),
      deviceName: ' Main Gate ',
      deviceIpAddress: '192.168.1.20:8080',
      propertyId: '5b0c7c1e-3f0a-4c1e-9a51-3b6f2f6d1a10',
    };
    expect(errorsOf(form)).toEqual({});
    const body = toRegisterDeviceBody(form);
    expect(body).toMatchObject({ deviceName: 'Main Gate', deviceLabel: undefined, credentials: undefined });
    expect(toRegisterDeviceBody({ ...form, username: 'admin', password: 'pw' }).credentials).toEqual({
      username: 'admin',
      password: 'pw',
    });
  });

  it('asks an MQTT device for its topic instead of an IP address, and sends only the topic', () => {
    const form = {
      ...emptyRegisterDeviceForm(),
      deviceName: 'Back Gate',
      connection: 'mqtt' as const,
      driver: 'tasmota-mqtt' as const,
      propertyId: '5b0c7c1e-3f0a-4c1e-9a51-3b6f2f6d1a10',
    };
    expect(errorsOf(form)).toEqual({ mqttTopic: DEVICE_MESSAGES.mqttTopicRequired });
    expect(errorsOf({ ...form, mqttTopic: 'tasmota/#' })).toEqual({ mqttTopic: DEVICE_MESSAGES.invalidMqttTopic });
    const body = toRegisterDeviceBody({ ...form, mqttTopic: ' gate-a1 ', deviceIpAddress: '192.0.2.1' });
    expect(body).toMatchObject({ driver: 'tasmota-mqtt', mqttTopic: 'gate-a1' });
    expect(body).not.toHaveProperty('deviceIpAddress');
  });
});
