import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { emptyRegisterDeviceForm, registerDeviceFormSchema, toRegisterDeviceBody } from './register-device-form';

const errorsOf = schemaResolver(registerDeviceFormSchema, { sync: true });

describe('register device form', () => {
  it('names every missing required field with the exact SPEC §5 text, on its own field', () => {
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
});
