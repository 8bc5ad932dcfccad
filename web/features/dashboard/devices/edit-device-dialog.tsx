import { ApiError } from '@core/api/api-error';
import { DEVICE_MESSAGES } from '@core/api/device-messages';
import {
  connectionOf,
  type DeviceConnection,
  type DeviceDto,
  isMqttDriver,
  type RelayDriverName,
  updateDeviceFields,
} from '@core/api/devices';
import { type DeviceType, MESSAGE_TIMINGS_MS } from '@core/constants';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useUpdateDevice } from '../../../api/devices';
import { showServerErrors } from '../../../ui/forms/server-errors';
import { useSchemaForm } from '../../../ui/forms/use-schema-form';
import { useTimedMessage } from '../../../ui/use-timed-message';
import { ConnectionField, driverFor, driverOptions, MqttLoginNotice } from '../../../widgets/devices/device-connection';
import { DeviceTypeField } from '../../../widgets/devices/device-type-field';

const EMPTY = {
  deviceName: '',
  deviceLabel: '',
  deviceType: '' as DeviceType | '',
  connection: 'http' as DeviceConnection,
  driver: 'shelly-gen1' as RelayDriverName,
  deviceIpAddress: '',
  mqttTopic: '',
};

function updateFailure(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? DEVICE_MESSAGES.updateFailedStatus(error.status);
  return DEVICE_MESSAGES.updateFailed;
}

/**
 * Edit device (docs/SPEC.md §5): name, type and IP required; Save stays disabled until they are filled.
 * An MQTT device has its topic where an HTTP device has its IP address.
 */
export function EditDeviceDialog({
  device,
  onClose,
  onSaved,
}: {
  device: DeviceDto | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useSchemaForm(updateDeviceFields, { initialValues: EMPTY });
  const [error, showError, clearError] = useTimedMessage(MESSAGE_TIMINGS_MS.deviceUpdateDelete);
  const update = useUpdateDevice();
  const { setValues, clearErrors, resetTouched } = form;
  const [mqttLogin, setMqttLogin] = useState<{ username: string; password: string } | null>(null);

  useEffect(() => {
    if (!device) return;
    setValues({
      deviceName: device.deviceName,
      deviceLabel: device.deviceLabel ?? '',
      deviceType: device.deviceType,
      connection: connectionOf(device.driver),
      driver: device.driver,
      deviceIpAddress: device.deviceIpAddress,
      mqttTopic: device.mqttTopic ?? '',
    });
    setMqttLogin(null);
    clearErrors();
    resetTouched();
    clearError();
  }, [device, setValues, clearErrors, resetTouched, clearError]);

  const values = form.values;
  const address = values.connection === 'mqtt' ? values.mqttTopic : values.deviceIpAddress;
  const incomplete = !values.deviceName.trim() || !values.deviceType || !address.trim();
  const save = form.onSubmit(({ connection: _, deviceIpAddress, mqttTopic, ...edited }) => {
    if (!device || !edited.deviceType) return;
    const reach = isMqttDriver(edited.driver) ? { mqttTopic } : { deviceIpAddress };
    update.mutate(
      { id: device._id, ...edited, ...reach, deviceType: edited.deviceType },
      {
        onSuccess: (saved) => {
          // A device that just became an MQTT device has a broker password to show, once.
          if (saved.mqttTopic && saved.mqttPassword)
            setMqttLogin({ username: saved.mqttTopic, password: saved.mqttPassword });
          else onSaved();
        },
        onError: (failure) => {
          if (showServerErrors(form, failure, '')) showError({ text: updateFailure(failure), color: 'red' });
        },
      },
    );
  });

  return (
    <Modal opened={device !== null} onClose={onClose} title="Edit Device" centered>
      <form onSubmit={save} noValidate>
        <Stack>
          <TextInput label="Device Name" required {...form.getInputProps('deviceName')} />
          <TextInput label="Device Label" {...form.getInputProps('deviceLabel')} />
          <DeviceTypeField />
          <ConnectionField
            value={values.connection}
            onChange={(connection) =>
              setValues({
                connection,
                driver: driverFor(connection, values.driver),
                deviceIpAddress: '',
                mqttTopic: '',
              })
            }
          />
          {values.connection === 'http' ? (
            <TextInput
              label="IP Address"
              required
              description="For example 192.168.1.20 or 192.168.1.20:8080"
              {...form.getInputProps('deviceIpAddress')}
            />
          ) : (
            <>
              <TextInput label="MQTT Topic" required {...form.getInputProps('mqttTopic')} />
              <Select
                label="Relay driver"
                data={driverOptions('mqtt')}
                allowDeselect={false}
                value={values.driver}
                onChange={(driver) => form.setFieldValue('driver', (driver ?? values.driver) as RelayDriverName)}
              />
            </>
          )}
          {mqttLogin && (
            <Alert color="blue" title="MQTT login">
              <MqttLoginNotice {...mqttLogin} />
              <Button mt="sm" size="xs" onClick={onSaved}>
                Done
              </Button>
            </Alert>
          )}
          {incomplete && (
            <Text c="red.9" size="sm" role="alert">
              {DEVICE_MESSAGES.editRequired}
            </Text>
          )}
          {error && (
            <Alert color={error.color} role="alert">
              {error.text}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={incomplete} loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
