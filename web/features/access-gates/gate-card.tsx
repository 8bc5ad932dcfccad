import { DEVICE_MESSAGES } from '@core/api/device-messages';
import type { GateDeviceDto } from '@core/api/devices';
import { heldOpenWords } from '@core/api/hold-open-messages';
import { Button, Card, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { MessageLine } from '../../ui/message-line';
import type { TimedMessage } from '../../ui/use-timed-message';
import { DeviceHealthBadge } from '../../widgets/devices/device-health-badge';
import { gateButtonState } from './gate-button-state';

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
  favourite,
  onHold,
}: {
  gate: GateDeviceDto;
  now: Date;
  busy: boolean;
  /** A lockdown covers this gate and the caller may not open during one. */
  lockedDown?: boolean;
  result: TimedMessage | null;
  onDismissResult: () => void;
  onOpen: () => void;
  /** The control that makes this gate the favourite, under Open. */
  favourite?: ReactNode;
  /** Managers only: opens the gate's Hold open dialog. */
  onHold?: () => void;
}) {
  const button = gateButtonState(gate, { lockedDown, busy, openLabel: 'Open Gate' });
  const offline = button.offline;
  const helpId = `gate-offline-${gate.id}`;
  const held = heldOpenWords(gate);
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
        {held && (
          <Text size="sm" fw={600} c="teal.9" data-testid="gate-held-open">
            {held}
          </Text>
        )}
        {offline && (
          <Text id={helpId} size="sm">
            {DEVICE_MESSAGES.gateOfflineHelp}
          </Text>
        )}
        <Button
          size="md"
          fullWidth
          disabled={button.disabled}
          color={button.color}
          aria-describedby={offline ? helpId : undefined}
          onClick={onOpen}
        >
          {button.label}
        </Button>
        {onHold && (
          <Button variant="light" fullWidth onClick={onHold} aria-label={`Hold open ${gate.deviceName}`}>
            Hold open
          </Button>
        )}
        {favourite}
        <MessageLine message={result} onClose={onDismissResult} />
      </Stack>
    </Card>
  );
}
