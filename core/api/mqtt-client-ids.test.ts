import { describe, expect, it } from 'vitest';
import { mqttClientIdsOf } from './mqtt-client-ids';

describe('mqttClientIdsOf', () => {
  it('is the topic, which is a Shelly’s default client id when its prefix is left as its device id', () => {
    expect(mqttClientIdsOf('shelly-gen2-mqtt', 'shellyplus1-a8032ab12345')).toEqual(['shellyplus1-a8032ab12345']);
    expect(mqttClientIdsOf('shelly-gen2-mqtt', 'tasmota_8A1B2C')).toEqual(['tasmota_8A1B2C']);
  });

  it('adds a Tasmota’s default client id DVES_XXXXXX only for its default topic tasmota_XXXXXX', () => {
    expect(mqttClientIdsOf('tasmota-mqtt', 'tasmota_8A1B2C')).toEqual(['tasmota_8A1B2C', 'DVES_8A1B2C']);
    expect(mqttClientIdsOf('tasmota-mqtt', 'tasmota_8a1b2c')).toEqual(['tasmota_8a1b2c']);
    expect(mqttClientIdsOf('tasmota-mqtt', 'front-gate')).toEqual(['front-gate']);
  });

  it('is none for a topic that is itself a Tasmota client id, so no two logins share an id', () => {
    expect(mqttClientIdsOf('shelly-gen2-mqtt', 'DVES_8A1B2C')).toEqual([]);
  });
});
