import type { DeviceDto } from '@core/api/devices';
import { Button, Group, Table } from '@mantine/core';

/** One property's devices: name, label, type, IP address and actions (Open Gate for gates only). */
export function DeviceTable({
  devices,
  canManage,
  openingId,
  onOpen,
  onEdit,
  onDelete,
}: {
  devices: DeviceDto[];
  canManage: boolean;
  openingId: string | null;
  onOpen: (device: DeviceDto) => void;
  onEdit: (device: DeviceDto) => void;
  onDelete: (device: DeviceDto) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Label</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>IP Address</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((device) => (
            <Table.Tr key={device._id}>
              <Table.Td>{device.deviceName}</Table.Td>
              <Table.Td>{device.deviceLabel}</Table.Td>
              <Table.Td>{device.deviceType}</Table.Td>
              <Table.Td>{device.deviceIpAddress}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {device.deviceType === 'gate' && (
                    <Button size="xs" disabled={openingId === device._id} onClick={() => onOpen(device)}>
                      {openingId === device._id ? 'Opening...' : 'Open Gate'}
                    </Button>
                  )}
                  {canManage && (
                    <>
                      <Button size="xs" variant="default" onClick={() => onEdit(device)}>
                        Edit
                      </Button>
                      <Button size="xs" variant="outline" color="red.9" onClick={() => onDelete(device)}>
                        Delete
                      </Button>
                    </>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
