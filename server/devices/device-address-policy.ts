import { DEVICE_MESSAGES } from '@core/api/devices';
import type { PlatformDeps } from '../platform/deps';
import { badRequest } from '../platform/errors/http-error';
import { isRefusedHost } from '../platform/net/outbound-address-policy';
import { parseDeviceAddress } from './device-address';

/**
 * Refuses loopback, link-local, multicast, broadcast and metadata device addresses, in any
 * spelling, unless the server runs for development. Names are checked again, on what they
 * resolve to, every time a relay is reached.
 */
export function assertAllowedDeviceAddress(deps: Pick<PlatformDeps, 'config'>, address: string) {
  if (deps.config.allowLocalDevices) return;
  if (isRefusedHost(parseDeviceAddress(address).host)) {
    throw badRequest(DEVICE_MESSAGES.localAddressRefused, 'deviceIpAddress');
  }
}
