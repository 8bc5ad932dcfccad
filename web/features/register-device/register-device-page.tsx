import { DEVICE_MESSAGES } from '@core/api/device-messages';
import { PROPERTY_MESSAGES } from '@core/api/property-messages';
import { MESSAGE_TIMINGS_MS } from '@core/constants';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useRegisterDevice } from '../../api/devices';
import { useAllProperties } from '../../api/properties';
import { showServerErrors } from '../../ui/forms/server-errors';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
import { QueryError } from '../../ui/query-state';
import { useTimedMessage } from '../../ui/use-timed-message';
import { ConnectionField, driverFor, MqttLoginNotice } from '../../widgets/devices/device-connection';
import { DeviceTypeField } from '../../widgets/devices/device-type-field';
import {
  emptyRegisterDeviceForm,
  type RegisterDeviceForm,
  registerDeviceFormSchema,
  toRegisterDeviceBody,
} from './register-device-form';
import { RelaySettingsFields } from './relay-settings-fields';

/** The QR library comes only with a new key: the form itself does not carry it. */
const PairingQr = lazy(async () => ({ default: (await import('../../widgets/devices/pairing-qr')).PairingQr }));

/** Mantine's default error red is too light for small text on white (WCAG AA). */
const READABLE_ERROR = { c: 'red.9' };

/** Register device (docs/SPEC.md §2): the success banner clears after 5 s; the reader key stays until the next one. */
export function RegisterDevicePage() {
  const properties = useAllProperties();
  const register = useRegisterDevice();
  const form = useSchemaForm<RegisterDeviceForm>(registerDeviceFormSchema, {
    initialValues: emptyRegisterDeviceForm(),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [banner, showBanner] = useTimedMessage(MESSAGE_TIMINGS_MS.deviceRegisteredBanner);
  const [deviceKey, setDeviceKey] = useState<{
    name: string;
    key: string;
    mqttLogin?: { username: string; password: string };
  } | null>(null);
  const update = (patch: Partial<RegisterDeviceForm>) => form.setValues(patch);

  const submit = form.onSubmit((values) => {
    setFailure(null);
    register.mutate(toRegisterDeviceBody(values), {
      onSuccess: (device) => {
        showBanner({ color: 'green', text: DEVICE_MESSAGES.registered });
        const mqttLogin =
          device.mqttTopic && device.mqttPassword
            ? { username: device.mqttTopic, password: device.mqttPassword }
            : undefined;
        setDeviceKey({ name: device.deviceName, key: device.deviceKey, mqttLogin });
        form.reset();
      },
      onError: (error) => setFailure(showServerErrors(form, error, DEVICE_MESSAGES.registrationFailed)),
    });
  });

  const propertyOptions = (properties.data ?? []).map((p) => ({
    value: p._id,
    label: `${p.propertyName} (${p.propertyLocation})`,
  }));

  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} maw={680} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h2">
            Register Device
          </Title>
          {banner && (
            <Alert color={banner.color} role="status">
              {banner.text}
            </Alert>
          )}
          {deviceKey && (
            <Alert color="blue" title={`Device key for ${deviceKey.name}`}>
              <Stack gap="xs">
                <Text size="sm">Gate readers use this key. It is shown only once: copy it now.</Text>
                <Group gap="xs" align="flex-start">
                  <Code
                    block
                    style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', flex: 1, minWidth: 200 }}
                    data-testid="device-key"
                  >
                    {deviceKey.key}
                  </Code>
                  <CopyButton value={deviceKey.key} timeout={MESSAGE_TIMINGS_MS.copyConfirmation}>
                    {({ copied, copy }) => (
                      <Button size="xs" variant="light" onClick={copy}>
                        {copied ? 'Copied' : 'Copy'}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
                {deviceKey.mqttLogin && <MqttLoginNotice {...deviceKey.mqttLogin} />}
                <Suspense fallback={null}>
                  <PairingQr deviceKey={deviceKey.key} deviceName={deviceKey.name} />
                </Suspense>
              </Stack>
            </Alert>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Device Name" required errorProps={READABLE_ERROR} {...form.getInputProps('deviceName')} />
            <TextInput label="Device Label (optional)" {...form.getInputProps('deviceLabel')} />
            <DeviceTypeField />
            <ConnectionField
              value={form.values.connection}
              onChange={(connection) =>
                update({
                  connection,
                  driver: driverFor(connection, form.values.driver),
                  deviceIpAddress: '',
                  mqttTopic: '',
                })
              }
            />
            {form.values.connection === 'http' ? (
              <TextInput
                label="IP Address"
                required
                description="For example 192.168.1.20 or 192.168.1.20:8080"
                errorProps={READABLE_ERROR}
                {...form.getInputProps('deviceIpAddress')}
              />
            ) : (
              <TextInput
                label="MQTT Topic"
                required
                placeholder="shellyplus1-a8032ab12345"
                description="Shelly: its MQTT prefix. Tasmota: its topic. On Gatehouse's own broker, also its client ID."
                errorProps={READABLE_ERROR}
                {...form.getInputProps('mqttTopic')}
              />
            )}
          </SimpleGrid>
          <QueryError query={properties} title={PROPERTY_MESSAGES.listFailed} />
          <Select
            label="Property"
            required
            placeholder="Select a property"
            searchable
            data={propertyOptions}
            errorProps={READABLE_ERROR}
            {...form.getInputProps('propertyId')}
            value={form.values.propertyId || null}
            onChange={(propertyId) => form.setFieldValue('propertyId', propertyId ?? '')}
          />
          <RelaySettingsFields form={form.values} update={update} />
          <Button type="submit" loading={register.isPending}>
            Register Device
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
