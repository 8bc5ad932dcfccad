import { type RegisterDeviceBody, type RelayDriverName, registerDeviceBody } from '@core/api/devices';
import type { DeviceType } from '@core/constants';
import { z } from 'zod';

export interface RegisterDeviceForm {
  deviceName: string;
  deviceLabel: string;
  deviceType: DeviceType | '';
  deviceIpAddress: string;
  propertyId: string;
  driver: RelayDriverName;
  channel: number;
  pulseSeconds: number;
  username: string;
  password: string;
  pathTemplate: string;
}

export const emptyRegisterDeviceForm = (): RegisterDeviceForm => ({
  deviceName: '',
  deviceLabel: '',
  deviceType: 'gate',
  deviceIpAddress: '',
  propertyId: '',
  driver: 'shelly-gen1',
  channel: 0,
  pulseSeconds: 1,
  username: '',
  password: '',
  pathTemplate: '',
});

/**
 * The form's fields checked by the request schema of core/: SPEC §5's messages, each on its field.
 * A plain object of its fields, since the form also holds fields the strict request has not (credentials).
 */
export const registerDeviceFormSchema = z.object(
  registerDeviceBody.pick({
    deviceName: true,
    deviceLabel: true,
    deviceType: true,
    deviceIpAddress: true,
    propertyId: true,
    channel: true,
    pulseSeconds: true,
    driver: true,
  }).shape,
);

export function toRegisterDeviceBody(form: RegisterDeviceForm): RegisterDeviceBody {
  return {
    deviceName: form.deviceName.trim(),
    deviceLabel: form.deviceLabel.trim() || undefined,
    deviceType: form.deviceType as DeviceType,
    deviceIpAddress: form.deviceIpAddress.trim(),
    propertyId: form.propertyId,
    driver: form.driver,
    channel: form.channel,
    pulseSeconds: form.pulseSeconds,
    credentials: form.password ? { username: form.username, password: form.password } : undefined,
    driverSettings:
      form.driver === 'http-template' ? { method: 'GET', pathTemplate: form.pathTemplate || '/' } : undefined,
  };
}
