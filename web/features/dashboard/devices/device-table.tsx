import type { DeviceDto, ListedDeviceDto } from '@core/api/devices';
import { heldOpenWords } from '@core/api/hold-open-messages';
import { Button, Text } from '@mantine/core';
import { ManagerTable } from '../../../ui/manager-table';
import { DeviceHealthBadge } from '../../../widgets/devices/device-health-badge';

/**
 * One property's devices: name, label, type, IP address, whether it is online and
 * actions (Open Gate for gates only).
 */
export function DeviceTable({
  propertyName,
  devices,
  now,
  canManage,
  canHold,
  openingId,
  onOpen,
  onEdit,
  onDelete,
  onNewKey,
  onHold,
}: {
  propertyName: string;
  devices: ListedDeviceDto[];
  /** What "last seen" counts from. */
  now: Date;
  canManage: boolean;
  /** Managers of the property and super administrators: a gate's "Hold open". */
  canHold: boolean;
  openingId: string | null;
  onOpen: (device: DeviceDto) => void;
  onEdit: (device: DeviceDto) => void;
  onDelete: (device: DeviceDto) => void;
  /** A new reader key with its pairing QR (super administrators). */
  onNewKey: (device: DeviceDto) => void;
  onHold: (device: DeviceDto) => void;
}) {
  return (
    <ManagerTable
      label={`Devices of ${propertyName}`}
      rows={devices}
      rowKey={(device) => device._id}
      title={(device) => device.deviceName}
      minWidth={760}
      columns={[
        { label: 'Name', cell: (device) => device.deviceName },
        { label: 'Label', cell: (device) => device.deviceLabel },
        { label: 'Type', cell: (device) => device.deviceType },
        // An MQTT device has no address: its topic says where it is.
        { label: 'IP Address', cell: (device) => device.deviceIpAddress || `MQTT: ${device.mqttTopic}` },
        {
          label: 'Status',
          cell: (device) => (
            <>
              <DeviceHealthBadge device={device} now={now} />
              {device.heldOpen && (
                <Text size="sm" data-testid="device-held-open">
                  {heldOpenWords(device)}
                </Text>
              )}
            </>
          ),
          testId: 'device-health',
        },
      ]}
      actions={(device) => (
        <>
          {device.deviceType === 'gate' && (
            <Button size="xs" disabled={openingId === device._id} onClick={() => onOpen(device)}>
              {openingId === device._id ? 'Opening...' : 'Open Gate'}
            </Button>
          )}
          {device.deviceType === 'gate' && canHold && (
            <Button
              size="xs"
              variant="light"
              onClick={() => onHold(device)}
              aria-label={`Hold open ${device.deviceName}`}
            >
              Hold open
            </Button>
          )}
          {canManage && (
            <>
              <Button
                size="xs"
                variant="default"
                onClick={() => onEdit(device)}
                aria-label={`Edit ${device.deviceName}`}
              >
                Edit
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => onNewKey(device)}
                aria-label={`New reader key for ${device.deviceName}`}
              >
                New reader key
              </Button>
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                onClick={() => onDelete(device)}
                aria-label={`Delete ${device.deviceName}`}
              >
                Delete
              </Button>
            </>
          )}
        </>
      )}
    />
  );
}
