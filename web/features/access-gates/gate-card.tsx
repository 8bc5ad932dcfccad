import { ACCESS_GROUP_MESSAGES } from '@core/api/access-group-messages';
import { DEVICE_MESSAGES } from '@core/api/device-messages';
import type { GateDeviceDto } from '@core/api/devices';
import { LOCKDOWN_MESSAGES } from '@core/api/lockdown-messages';
import { Button, Card, Stack, Text } from '@mantine/core';
import { MessageLine } from '../../ui/message-line';
import type { TimedMessage } from '../../ui/use-timed-message';
import { DeviceHealthBadge } from '../../widgets/devices/device-health-badge';

/**
 * One gate with its health and Open Gate. A gate known to be offline says so on its button instead
 * of letting a resident wait out the relay's 5 s; one never heard from can still be tried. The
 * outcome of the last press shows under its button. Outside the resident's access hours the button
 * says when the gate opens for them, and cannot be pressed.
 */
export function GateCard({
  gate,
  now,
  busy,
  lockedDown = false,
  result,
  onDismissResult,
  onOpen,
}: {
  gate: GateDeviceDto;
  now: Date;
  busy: boolean;
  /** A lockdown covers this gate and the caller may not open during one. */
  lockedDown?: boolean;
  result: TimedMessage | null;
  onDismissResult: () => void;
  onOpen: () => void;
}) {
  const offline = gate.online === false;
  // Outside the resident's access hours: the server would refuse, so the button says when instead.
  const notNow = !gate.allowedNow;
  const helpId = `gate-offline-${gate.id}`;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Text fw={600} size="lg">
          {gate.deviceName}
        </Text>
        {gate.deviceLabel && (
          <Text size="sm" c="dimmed">
            {gate.deviceLabel}
          </Text>
        )}
        <DeviceHealthBadge device={gate} now={now} />
        {offline && (
          <Text id={helpId} size="sm">
            {DEVICE_MESSAGES.gateOfflineHelp}
          </Text>
        )}
        <Button
          size="md"
          fullWidth
          disabled={busy || offline || lockedDown || notNow}
          color={lockedDown ? 'red' : undefined}
          aria-describedby={offline ? helpId : undefined}
          onClick={onOpen}
        >
          {lockedDown
            ? LOCKDOWN_MESSAGES.gateLockedButton
            : notNow
              ? ACCESS_GROUP_MESSAGES.notNow(gate.opensAt)
              : offline
                ? DEVICE_MESSAGES.gateOfflineButton
                : busy
                  ? 'Opening...'
                  : 'Open Gate'}
        </Button>
        <MessageLine message={result} onClose={onDismissResult} />
      </Stack>
    </Card>
  );
}
