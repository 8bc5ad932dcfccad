import type { UpdateDeviceBody } from '@core/api/devices';
import type { DeviceValues } from '../device-records/device-row';
import { badRequest } from '../platform/errors/http-error';
import { sealCredentials } from './device-credentials';

type RelayColumns = Partial<
  Pick<DeviceValues, 'driver' | 'channel' | 'pulseSeconds' | 'driverSettings' | 'credentialsEncrypted'>
>;

/**
 * The driver columns a register or update body sets. Absent fields keep their value (defaults on
 * register); `credentials: null` clears stored credentials; new ones are sealed before storage.
 */
export function relayColumns(secret: Buffer, body: UpdateDeviceBody, currentDriver?: string): RelayColumns {
  const columns: RelayColumns = {};
  if (body.driver !== undefined) columns.driver = body.driver;
  if (body.channel !== undefined) columns.channel = Number(body.channel);
  if (body.pulseSeconds !== undefined) columns.pulseSeconds = Number(body.pulseSeconds);
  if (body.driverSettings !== undefined) columns.driverSettings = body.driverSettings as Record<string, unknown>;
  if (body.credentials === null) columns.credentialsEncrypted = null;
  else if (body.credentials) {
    columns.credentialsEncrypted = sealCredentials(secret, {
      username: body.credentials.username ?? '',
      password: body.credentials.password,
    });
  }
  const driver = columns.driver ?? currentDriver;
  if (driver === 'http-template' && !body.driverSettings && currentDriver !== 'http-template') {
    throw badRequest('The generic HTTP template driver needs a path template.', 'driverSettings');
  }
  return columns;
}
