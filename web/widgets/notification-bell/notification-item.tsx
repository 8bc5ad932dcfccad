import type { GateLogDto } from '@core/api/gate-log';
import { relativeTime } from '@core/time/relative-time';
import { formatLogTime } from '@core/time/zoned-format';
import { Badge, Group, Stack, Text } from '@mantine/core';
import {
  notificationElsewhere,
  notificationGate,
  notificationMessage,
  notificationStatusColor,
} from './notification-message';

export function NotificationItem({ log, now, propertyId }: { log: GateLogDto; now: Date; propertyId: string | null }) {
  const elsewhere = notificationElsewhere(log, propertyId);
  return (
    <Stack
      gap={4}
      py="xs"
      px="sm"
      data-testid="notification-item"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap={6}>
        <Badge size="xs" variant="light" color={log.callerType === 'visitor' ? 'grape' : 'blue'}>
          {log.callerType}
        </Badge>
        <Badge size="xs" color={notificationStatusColor(log.status)}>
          {log.status.toUpperCase()}
        </Badge>
      </Group>
      <Text size="sm">{notificationMessage(log)}</Text>
      {elsewhere && (
        <Text size="sm" fw={700} data-testid="notification-elsewhere">
          {elsewhere}
        </Text>
      )}
      {notificationGate(log) && (
        <Text size="xs" fw={500} data-testid="notification-gate">
          {notificationGate(log)}
        </Text>
      )}
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="xs" fw={500} data-testid="notification-relative-time">
          {relativeTime(log.timestamp, now)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatLogTime(log.timestamp, 'EST')}
        </Text>
      </Group>
    </Stack>
  );
}
