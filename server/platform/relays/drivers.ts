import type { HttpRelayDriverName, MqttRelayDriverName } from '@core/api/devices';
import { httpTemplateDriver } from './http-template';
import type { MqttRelayDriver } from './mqtt-relay-driver';
import type { RelayDriver } from './relay-driver';
import { shellyGen1Driver } from './shelly-gen1';
import { shellyGen2Driver } from './shelly-gen2';
import { shellyGen2MqttDriver } from './shelly-gen2-mqtt';
import { tasmotaDriver } from './tasmota';
import { tasmotaMqttDriver } from './tasmota-mqtt';

export const RELAY_DRIVER_BY_NAME: Record<HttpRelayDriverName, RelayDriver> = {
  'shelly-gen1': shellyGen1Driver,
  'shelly-gen2': shellyGen2Driver,
  tasmota: tasmotaDriver,
  'http-template': httpTemplateDriver,
};

export const MQTT_RELAY_DRIVER_BY_NAME: Record<MqttRelayDriverName, MqttRelayDriver> = {
  'shelly-gen2-mqtt': shellyGen2MqttDriver,
  'tasmota-mqtt': tasmotaMqttDriver,
};
