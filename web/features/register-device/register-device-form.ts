import { DEVICE_MESSAGES, type RegisterDeviceBody, type RelayDriverName } from '@core/api/devices';
import type { DeviceType } from '@core/constants';

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

export type RegisterDeviceErrors = Partial<
  Record<'deviceName' | 'deviceType' | 'deviceIpAddress' | 'propertyId', string>
>;

/** The required-field messages of SPEC §5, per field. */
export function registerDeviceErrors(form: RegisterDeviceForm): RegisterDeviceErrors {
  const errors: RegisterDeviceErrors = {};
  if (!form.deviceName.trim()) errors.deviceName = DEVICE_MESSAGES.nameRequired;
  if (!form.deviceType) errors.deviceType = DEVICE_MESSAGES.typeRequired;
  if (!form.deviceIpAddress.trim()) errors.deviceIpAddress = DEVICE_MESSAGES.ipRequired;
  if (!form.propertyId) errors.propertyId = DEVICE_MESSAGES.propertyRequired;
  return errors;
}

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
