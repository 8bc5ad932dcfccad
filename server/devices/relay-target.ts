import type { DeviceRow } from '../device-records/device-row';
import type { PlatformDeps } from '../platform/deps';
import type { RelayTarget } from '../platform/relays/relay-driver';
import { parseDeviceAddress } from './device-address';
import { openCredentials } from './device-credentials';

/** Where and how to reach a device's HTTP relay, credentials opened. */
export function httpRelayTarget(deps: Pick<PlatformDeps, 'config'>, device: DeviceRow): RelayTarget {
  const { host, port } = parseDeviceAddress(device.deviceIpAddress ?? '');
  return {
    host,
    port,
    channel: device.channel,
    pulseSeconds: device.pulseSeconds,
    credentials: openCredentials(deps.config.secret, device.credentialsEncrypted),
    settings: device.driverSettings,
  };
}
