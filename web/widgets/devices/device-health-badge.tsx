import { DEVICE_MESSAGES } from '@core/api/device-messages';
import type { ListedDeviceDto } from '@core/api/devices';
import { relativeTime } from '@core/time/relative-time';
import { Badge, Group, Text } from '@mantine/core';

/** What the server knows of a device's health (docs/decisions/0034-device-health.md). */
export type DeviceHealthFields = Pick<ListedDeviceDto, 'online' | 'lastSeenAt' | 'offline'>;

/**
 * The relay is what opens the gate: a gate whose reader went quiet still opens from a phone, so it
 * is "Reader offline", never plain "Offline" beside "last seen just now".
 */
export const relayFailing = (device: DeviceHealthFields) => device.offline?.cause === 'relay';

const STATES = {
  online: { color: 'teal', words: DEVICE_MESSAGES.online },
  'reader-offline': { color: 'orange', words: DEVICE_MESSAGES.readerOffline },
  offline: { color: 'red', words: DEVICE_MESSAGES.offline },
  // Never heard from is a device not set up yet (gray), not a known problem.
  unknown: { color: 'gray', words: DEVICE_MESSAGES.offline },
} as const;

function stateOf(device: DeviceHealthFields): keyof typeof STATES {
  if (device.online === true) return 'online';
  if (device.online === null) return 'unknown';
  return device.offline?.cause === 'reader' ? 'reader-offline' : 'offline';
}

/** Online, Reader offline or Offline, and when the server last heard from the device. */
export function DeviceHealthBadge({ device, now }: { device: DeviceHealthFields; now: Date }) {
  const state = stateOf(device);
  return (
    <Group component="span" gap={6} wrap="wrap" data-health={state}>
      <Badge component="span" color={STATES[state].color} variant="light">
        {STATES[state].words}
      </Badge>
      <Text component="span" size="sm" c="dimmed">
        {device.lastSeenAt ? DEVICE_MESSAGES.lastSeen(relativeTime(device.lastSeenAt, now)) : DEVICE_MESSAGES.neverSeen}
      </Text>
    </Group>
  );
}
