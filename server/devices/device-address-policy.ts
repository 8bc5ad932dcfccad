import { DEVICE_MESSAGES } from '@core/api/devices';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/http-error';
import { isLocalHost } from '../relays/address-guard';
import { parseDeviceAddress } from './device-address';

/** Refuses loopback and link-local device addresses unless the server runs for development. */
export function assertAllowedDeviceAddress(app: FastifyInstance, address: string) {
  if (app.config.allowLocalDevices) return;
  if (isLocalHost(parseDeviceAddress(address).host)) {
    throw badRequest(`deviceIpAddress: ${DEVICE_MESSAGES.localAddressRefused}`);
  }
}
