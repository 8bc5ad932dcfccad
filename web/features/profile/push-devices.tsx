import type { PushSubscriptionDto } from '@core/api/push';
import { PUSH_MESSAGES } from '@core/api/push-messages';
import { readableTime } from '@core/time/readable-time';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/client';
import { pushSupported, usePushDevices, useRemovePushDevice, useTurnOnPush } from '../../api/push';
import { useOwnTimeZone } from '../../auth/own-time-zone';

function DeviceRow({ device }: { device: PushSubscriptionDto }) {
  const remove = useRemovePushDevice();
  const timeZone = useOwnTimeZone();
  const since = (iso: string) => readableTime(iso, timeZone);
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="push-device">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text fw={600}>{device.label}</Text>
          <Text size="sm" c="dimmed">
            On since {since(device.createdAt)}
          </Text>
        </Stack>
        <Button
          variant="light"
          color="red"
          loading={remove.isPending}
          onClick={() => remove.mutate(device._id)}
          aria-label={`Remove ${device.label}, on since ${since(device.createdAt)}`}
        >
          Remove
        </Button>
      </Group>
    </Paper>
  );
}

/** Why turning on failed, in words: no support, blocked by the person, or the server's answer. */
function refusalOf(error: unknown): string {
  if (typeof Notification !== 'undefined' && Notification.permission === 'denied')
    return PUSH_MESSAGES.permissionDenied;
  return messageOr(error, PUSH_MESSAGES.turnOnFailed);
}

/** Profile → Notifications: this device's push (asked only from the tap) and every device that has it. */
export function PushDevices() {
  const devices = usePushDevices();
  const turnOn = useTurnOnPush();
  const [unsupported, setUnsupported] = useState(false);
  const list = devices.data?.subscriptions ?? [];

  const start = () => {
    if (!pushSupported()) return setUnsupported(true);
    turnOn.mutate();
  };

  return (
    <Stack gap="xs">
      <Text size="sm">{PUSH_MESSAGES.turningOnExplained}</Text>
      <Group>
        <Button variant="light" onClick={start} loading={turnOn.isPending}>
          {PUSH_MESSAGES.turnOn}
        </Button>
      </Group>
      {unsupported && <Alert color="yellow">{PUSH_MESSAGES.notSupported}</Alert>}
      {turnOn.isError && <Alert color="red">{refusalOf(turnOn.error)}</Alert>}
      {turnOn.isSuccess && <Text size="sm">{PUSH_MESSAGES.subscribed}</Text>}
      {devices.isError && <Alert color="red">{messageOr(devices.error, PUSH_MESSAGES.listFailed)}</Alert>}
      {devices.isSuccess && list.length === 0 && (
        <Text size="sm" c="dimmed">
          {PUSH_MESSAGES.noDevices}
        </Text>
      )}
      {list.map((device) => (
        <DeviceRow key={device._id} device={device} />
      ))}
    </Stack>
  );
}
