import { DEVICE_MESSAGES } from '@core/api/device-texts';
import { type DeviceDto, updateDeviceBody } from '@core/api/devices';
import { DEVICE_TYPE_LABELS, DEVICE_TYPES, type DeviceType, MESSAGE_TIMINGS_MS } from '@core/constants';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { ApiError } from '../../api/client';
import { useUpdateDevice } from '../../api/devices';
import { showServerErrors } from '../../ui/forms/server-errors';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
import { useTimedMessage } from '../../ui/use-timed-message';

const TYPE_OPTIONS = DEVICE_TYPES.map((type) => ({ value: type, label: DEVICE_TYPE_LABELS[type] }));
const EMPTY = { deviceName: '', deviceLabel: '', deviceType: '' as DeviceType | '', deviceIpAddress: '' };

function updateFailure(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? DEVICE_MESSAGES.updateFailedStatus(error.status);
  return DEVICE_MESSAGES.updateFailed;
}

/** Edit device (SPEC §5): name, type and IP required; Save stays disabled until they are filled. */
export function EditDeviceDialog({
  device,
  onClose,
  onSaved,
}: {
  device: DeviceDto | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useSchemaForm(updateDeviceBody, { initialValues: EMPTY });
  const [error, showError, clearError] = useTimedMessage(MESSAGE_TIMINGS_MS.deviceUpdateDelete);
  const update = useUpdateDevice();
  const { setValues, clearErrors, resetTouched } = form;

  useEffect(() => {
    if (!device) return;
    setValues({
      deviceName: device.deviceName,
      deviceLabel: device.deviceLabel ?? '',
      deviceType: device.deviceType,
      deviceIpAddress: device.deviceIpAddress,
    });
    clearErrors();
    resetTouched();
    clearError();
  }, [device, setValues, clearErrors, resetTouched, clearError]);

  const values = form.values;
  const incomplete = !values.deviceName.trim() || !values.deviceType || !values.deviceIpAddress.trim();
  const save = form.onSubmit((edited) => {
    if (!device || !edited.deviceType) return;
    update.mutate(
      { id: device._id, ...edited, deviceType: edited.deviceType },
      {
        onSuccess: onSaved,
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
          <Select
            label="Device Type"
            required
            data={TYPE_OPTIONS}
            {...form.getInputProps('deviceType')}
            value={values.deviceType || null}
            onChange={(value) => form.setFieldValue('deviceType', (value ?? '') as DeviceType | '')}
          />
          <TextInput label="IP Address" required {...form.getInputProps('deviceIpAddress')} />
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
