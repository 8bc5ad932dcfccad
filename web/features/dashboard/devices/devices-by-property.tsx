import { DEVICE_MESSAGES } from '@core/api/device-messages';
import type { DeviceDto, PropertyDevicesDto } from '@core/api/devices';
import { PROPERTY_MESSAGES } from '@core/api/property-messages';
import { MESSAGE_TIMINGS_MS } from '@core/constants';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { messageOr } from '../../../api/client';
import { useDeleteDevice, useDevicesByProperty, useTriggerRelay } from '../../../api/devices';
import { useClaims } from '../../../auth/session';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { MessageLine } from '../../../ui/message-line';
import { QueryState } from '../../../ui/query-state';
import { useTimedMessage } from '../../../ui/use-timed-message';
import { DeviceTable } from './device-table';
import { NoDevicesHint } from './no-devices-hint';

// The dialogs (their forms and validation, which brings zod) load when first opened, not with
// the table: the dashboard's first load stays within its budget.
const EditDeviceDialog = lazy(async () => ({
  default: (await import('./edit-device-dialog')).EditDeviceDialog,
}));
const HoldOpenDialog = lazy(async () => ({
  default: (await import('../../../widgets/hold-open/hold-open-dialog')).HoldOpenDialog,
}));
const NewReaderKeyDialog = lazy(async () => ({
  default: (await import('./new-reader-key-dialog')).NewReaderKeyDialog,
}));

/** Devices by Property (docs/SPEC.md §2): one block per property; Edit and Delete for super administrators. */
export function DevicesByProperty({ propertyId, page = 1 }: { propertyId?: string; page?: number }) {
  const claims = useClaims();
  const canManage = claims.role === 'superadmin';
  const list = useDevicesByProperty(propertyId, page);
  const trigger = useTriggerRelay();
  const remove = useDeleteDevice();
  const [gateMessage, showGateMessage, clearGateMessage] = useTimedMessage(MESSAGE_TIMINGS_MS.gateDeviceList);
  const [deviceMessage, showDeviceMessage, clearDeviceMessage] = useTimedMessage(MESSAGE_TIMINGS_MS.deviceUpdateDelete);
  const [openingId, setOpeningId] = useState<string | null>(null);
  const [editing, setEditing] = useState<DeviceDto | null>(null);
  const [deleting, setDeleting] = useState<DeviceDto | null>(null);
  const [rekeying, setRekeying] = useState<DeviceDto | null>(null);
  const [holding, setHolding] = useState<DeviceDto | null>(null);
  const [now, setNow] = useState(() => new Date());
  useInterval(() => setNow(new Date()), 30_000, { autoInvoke: true });

  const open = (property: PropertyDevicesDto, device: DeviceDto) => {
    clearGateMessage();
    setOpeningId(device._id);
    trigger.mutate(
      { deviceId: device._id, propertyId: property._id },
      {
        onSuccess: () =>
          showGateMessage({
            color: 'green',
            text: DEVICE_MESSAGES.openedFromList(property.propertyName, device.deviceName),
          }),
        onError: (error) =>
          showGateMessage(
            {
              color: 'red',
              text: DEVICE_MESSAGES.failedFromList(
                property.propertyName,
                device.deviceName,
                messageOr(error, DEVICE_MESSAGES.openFailed),
              ),
            },
            { keep: true },
          ),
        onSettled: () => setOpeningId(null),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => showDeviceMessage({ color: 'green', text: DEVICE_MESSAGES.deleted }),
      onError: () => showDeviceMessage({ color: 'red', text: DEVICE_MESSAGES.deleteFailed }),
      onSettled: () => setDeleting(null),
    });
  };

  if (!list.data) return <QueryState query={list} errorTitle={PROPERTY_MESSAGES.listFailed} />;

  return (
    <Stack gap="md">
      <MessageLine message={gateMessage} onClose={clearGateMessage} />
      <MessageLine message={deviceMessage} onClose={clearDeviceMessage} />
      {list.data.length === 0 && <NoDevicesHint empty="properties" canRegister={canManage} />}
      {list.data.map((property) => (
        <Paper key={property._id} component="section" aria-label={property.propertyName} withBorder radius="md" p="md">
          <Stack gap="xs">
            <Title order={2} size="h4">
              {property.propertyName}
            </Title>
            <Text size="sm" c="dimmed">
              {property.propertyLocation}
            </Text>
            {property.devices.length === 0 ? (
              <NoDevicesHint empty="devices" canRegister={canManage} />
            ) : (
              <DeviceTable
                propertyName={property.propertyName}
                devices={property.devices}
                now={now}
                canManage={canManage}
                canHold={claims.role === 'admin' || canManage}
                openingId={openingId}
                onOpen={(device) => open(property, device)}
                onEdit={setEditing}
                onDelete={setDeleting}
                onNewKey={setRekeying}
                onHold={setHolding}
              />
            )}
          </Stack>
        </Paper>
      ))}
      {editing && (
        <Suspense fallback={null}>
          <EditDeviceDialog
            device={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              showDeviceMessage({ color: 'green', text: DEVICE_MESSAGES.updated });
            }}
          />
        </Suspense>
      )}
      {holding && (
        <Suspense fallback={null}>
          <HoldOpenDialog device={holding} onClose={() => setHolding(null)} />
        </Suspense>
      )}
      {rekeying && (
        <Suspense fallback={null}>
          <NewReaderKeyDialog device={rekeying} onClose={() => setRekeying(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Device"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {`Are you sure you want to delete ${deleting?.deviceName ?? 'this device'}?`}
      </ConfirmDialog>
    </Stack>
  );
}
