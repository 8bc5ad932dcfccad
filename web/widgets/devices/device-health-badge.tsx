import { DEVICE_MESSAGES } from '@core/api/device-messages';
import { relativeTime } from '@core/time/relative-time';
import { Badge, Group, Text } from '@mantine/core';

/** What the server knows of a device's health: online (null: nothing ever heard) and when it was last heard from. */
export interface DeviceHealthFields {
  online: boolean | null;
  lastSeenAt: string | null;
}

/** Online or Offline, and when the server last heard from the device (docs/decisions/0034-device-health.md). */
export function DeviceHealthBadge({ device, now }: { device: DeviceHealthFields; now: Date }) {
  const online = device.online === true;
  const state = online ? 'online' : device.online === false ? 'offline' : 'unknown';
  // Known to be offline is a problem (red); never heard from is a device not set up yet (gray).
  const color = { online: 'teal', offline: 'red', unknown: 'gray' }[state];
  return (
    <Group component="span" gap={6} wrap="wrap" data-health={state}>
      <Badge component="span" color={color} variant="light">
        {online ? DEVICE_MESSAGES.online : DEVICE_MESSAGES.offline}
      </Badge>
      <Text component="span" size="sm" c="dimmed">
        {device.lastSeenAt ? DEVICE_MESSAGES.lastSeen(relativeTime(device.lastSeenAt, now)) : DEVICE_MESSAGES.neverSeen}
      </Text>
    </Group>
  );
}
