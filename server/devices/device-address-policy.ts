import { DEVICE_MESSAGES } from '@core/api/devices';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../platform/errors/http-error';
import { isRefusedHost } from '../platform/relays/address-guard';
import { parseDeviceAddress } from './device-address';

/**
 * Refuses loopback, link-local, multicast, broadcast and metadata device addresses, in any
 * spelling, unless the server runs for development. Names are checked again, on what they
 * resolve to, every time a relay is reached.
 */
export function assertAllowedDeviceAddress(app: FastifyInstance, address: string) {
  if (app.config.allowLocalDevices) return;
  if (isRefusedHost(parseDeviceAddress(address).host)) {
    throw badRequest(DEVICE_MESSAGES.localAddressRefused, 'deviceIpAddress');
  }
}
