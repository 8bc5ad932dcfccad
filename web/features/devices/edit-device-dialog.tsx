import { DEVICE_MESSAGES, type DeviceDto } from '@core/api/devices';
import { DEVICE_TYPE_LABELS, DEVICE_TYPES, type DeviceType, MESSAGE_TIMINGS_MS } from '@core/constants';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { useUpdateDevice } from '../../api/devices';
import { useTimedMessage } from './use-timed-message';

const TYPE_OPTIONS = DEVICE_TYPES.map((type) => ({ value: type, label: DEVICE_TYPE_LABELS[type] }));

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
  const [form, setForm] = useState({
    deviceName: '',
    deviceLabel: '',
    deviceType: '' as DeviceType | '',
    deviceIpAddress: '',
  });
  const [error, showError, clearError] = useTimedMessage(MESSAGE_TIMINGS_MS.deviceUpdateDelete);
  const update = useUpdateDevice();

  useEffect(() => {
    if (!device) return;
    setForm({
      deviceName: device.deviceName,
      deviceLabel: device.deviceLabel ?? '',
      deviceType: device.deviceType,
      deviceIpAddress: device.deviceIpAddress,
    });
    clearError();
  }, [device, clearError]);

  const incomplete = !form.deviceName.trim() || !form.deviceType || !form.deviceIpAddress.trim();
  const save = () => {
    if (!device || incomplete || !form.deviceType) return;
    update.mutate(
      { id: device._id, ...form, deviceType: form.deviceType },
      { onSuccess: onSaved, onError: (failure) => showError({ text: updateFailure(failure), color: 'red' }) },
    );
  };

  return (
    <Modal opened={device !== null} onClose={onClose} title="Edit Device" centered>
      <Stack>
        <TextInput
          label="Device Name"
          required
          value={form.deviceName}
          onChange={(e) => setForm({ ...form, deviceName: e.currentTarget.value })}
        />
        <TextInput
          label="Device Label"
          value={form.deviceLabel}
          onChange={(e) => setForm({ ...form, deviceLabel: e.currentTarget.value })}
        />
        <Select
          label="Device Type"
          required
          data={TYPE_OPTIONS}
          value={form.deviceType || null}
          onChange={(value) => setForm({ ...form, deviceType: (value ?? '') as DeviceType | '' })}
        />
        <TextInput
          label="IP Address"
          required
          value={form.deviceIpAddress}
          onChange={(e) => setForm({ ...form, deviceIpAddress: e.currentTarget.value })}
        />
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
          <Button onClick={save} disabled={incomplete} loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
