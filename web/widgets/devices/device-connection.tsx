import { type DeviceConnection, DRIVERS_BY_CONNECTION, type RelayDriverName } from '@core/api/devices';
import { MESSAGE_TIMINGS_MS } from '@core/constants';
import { Button, Code, CopyButton, Group, Radio, Stack, Text } from '@mantine/core';

export const DRIVER_LABELS: Record<RelayDriverName, string> = {
  'shelly-gen1': 'Shelly Gen1 HTTP (default)',
  'shelly-gen2': 'Shelly Gen2+ RPC',
  tasmota: 'Tasmota HTTP',
  'http-template': 'Generic HTTP template',
  'shelly-gen2-mqtt': 'Shelly Gen2+ (Plus / Pro) over MQTT',
  'tasmota-mqtt': 'Tasmota over MQTT',
};

export const driverOptions = (connection: DeviceConnection) =>
  DRIVERS_BY_CONNECTION[connection].map((driver) => ({ value: driver, label: DRIVER_LABELS[driver] }));

/** The driver to keep when the connection changes: the same one if it fits, else the connection's first. */
export const driverFor = (connection: DeviceConnection, driver: RelayDriverName) =>
  DRIVERS_BY_CONNECTION[connection].includes(driver) ? driver : DRIVERS_BY_CONNECTION[connection][0];

/** "Connection: direct HTTP / MQTT": whether the server calls the device or the device connects to a broker. */
export function ConnectionField({
  value,
  onChange,
}: {
  value: DeviceConnection;
  onChange: (connection: DeviceConnection) => void;
}) {
  return (
    <Radio.Group label="Connection" value={value} onChange={(next) => onChange(next as DeviceConnection)}>
      <Group mt={6}>
        <Radio value="http" label="Direct HTTP" />
        <Radio value="mqtt" label="MQTT" />
      </Group>
    </Radio.Group>
  );
}

/** An MQTT device's login on the embedded broker: its topic and a password shown only this once. */
export function MqttLoginNotice({ username, password }: { username: string; password: string }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        If the device connects to Gatehouse's own broker, it logs in as <Code>{username}</Code> with this password, and
        with <Code>{username}</Code> as its client ID too. The password is shown only once: copy it now.
      </Text>
      <Group gap="xs" align="flex-start">
        <Code
          block
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', flex: 1, minWidth: 200 }}
          data-testid="mqtt-password"
        >
          {password}
        </Code>
        <CopyButton value={password} timeout={MESSAGE_TIMINGS_MS.copyConfirmation}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
