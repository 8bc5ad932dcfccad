import {
  addressByConnection,
  type DeviceConnection,
  isMqttDriver,
  type RegisterDeviceBody,
  type RelayDriverName,
  registerDeviceFields,
} from '@core/api/devices';
import type { DeviceType } from '@core/constants';

export interface RegisterDeviceForm {
  deviceName: string;
  deviceLabel: string;
  deviceType: DeviceType | '';
  connection: DeviceConnection;
  deviceIpAddress: string;
  mqttTopic: string;
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
  connection: 'http',
  deviceIpAddress: '',
  mqttTopic: '',
  propertyId: '',
  driver: 'shelly-gen1',
  channel: 0,
  pulseSeconds: 1,
  username: '',
  password: '',
  pathTemplate: '',
});

/** The form's fields checked by the request schema of core/: docs/SPEC.md §5's messages, each on its field. */
export const registerDeviceFormSchema = registerDeviceFields
  .pick({
    deviceName: true,
    deviceLabel: true,
    deviceType: true,
    deviceIpAddress: true,
    mqttTopic: true,
    propertyId: true,
    channel: true,
    pulseSeconds: true,
    driver: true,
  })
  .superRefine(...addressByConnection('shelly-gen1'));

export function toRegisterDeviceBody(form: RegisterDeviceForm): RegisterDeviceBody {
  return {
    deviceName: form.deviceName.trim(),
    deviceLabel: form.deviceLabel.trim() || undefined,
    deviceType: form.deviceType as DeviceType,
    ...(isMqttDriver(form.driver)
      ? { mqttTopic: form.mqttTopic.trim() }
      : { deviceIpAddress: form.deviceIpAddress.trim() }),
    propertyId: form.propertyId,
    driver: form.driver,
    channel: form.channel,
    pulseSeconds: form.pulseSeconds,
    credentials: form.password ? { username: form.username, password: form.password } : undefined,
    driverSettings:
      form.driver === 'http-template' ? { method: 'GET', pathTemplate: form.pathTemplate || '/' } : undefined,
  };
}
