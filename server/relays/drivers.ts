import type { RelayDriverName } from '@core/api/devices';
import { httpTemplateDriver } from './http-template';
import type { RelayDriver } from './relay-driver';
import { shellyGen1Driver } from './shelly-gen1';
import { shellyGen2Driver } from './shelly-gen2';
import { tasmotaDriver } from './tasmota';

export const RELAY_DRIVER_BY_NAME: Record<RelayDriverName, RelayDriver> = {
  'shelly-gen1': shellyGen1Driver,
  'shelly-gen2': shellyGen2Driver,
  tasmota: tasmotaDriver,
  'http-template': httpTemplateDriver,
};
