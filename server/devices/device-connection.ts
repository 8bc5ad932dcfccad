import { addressProblems, DEVICE_MESSAGES, isMqttDriver, type RelayDriverName } from '@core/api/devices';
import type { DeviceRow, DeviceValues } from '../device-records/device-row';
import { mqttTopicTaken } from '../device-records/device-store';
import { randomToken, sha256Hex } from '../platform/crypto/keys';
import type { PlatformDeps } from '../platform/deps';
import { badRequest, conflict } from '../platform/errors/http-error';
import { assertAllowedDeviceAddress } from './device-address-policy';

type ConnectionColumns = Pick<DeviceValues, 'deviceIpAddress' | 'mqttTopic' | 'mqttPasswordHash'>;

/**
 * How a registered or edited device is reached: its IP address (direct HTTP), or its MQTT topic.
 * A device that becomes an MQTT device gets a broker password, returned here once and stored
 * hashed; it keeps that password while it stays one.
 */
export async function connectionColumns(
  deps: Pick<PlatformDeps, 'config' | 'db'>,
  driver: RelayDriverName,
  body: { deviceIpAddress?: string; mqttTopic?: string },
  current?: DeviceRow,
): Promise<{ columns: ConnectionColumns; mqttPassword?: string }> {
  const [problem] = addressProblems(driver, body);
  if (problem) throw badRequest(problem.message, problem.field);
  if (!isMqttDriver(driver)) {
    assertAllowedDeviceAddress(deps, body.deviceIpAddress as string);
    return { columns: { deviceIpAddress: body.deviceIpAddress, mqttTopic: null, mqttPasswordHash: null } };
  }
  const mqttTopic = body.mqttTopic as string;
  if (await mqttTopicTaken(deps.db, mqttTopic, current?.id))
    throw conflict(DEVICE_MESSAGES.mqttTopicTaken, 'mqttTopic');
  if (current?.mqttPasswordHash) return { columns: { deviceIpAddress: null, mqttTopic } };
  const mqttPassword = randomToken(24);
  return { columns: { deviceIpAddress: null, mqttTopic, mqttPasswordHash: sha256Hex(mqttPassword) }, mqttPassword };
}
