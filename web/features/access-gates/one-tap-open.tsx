import { DEVICE_MESSAGES } from '@core/api/device-messages';
import type { GateDeviceDto } from '@core/api/devices';
import { ONE_TAP_MESSAGES } from '@core/api/one-tap-messages';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { MessageLine } from '../../ui/message-line';
import type { TimedMessage } from '../../ui/use-timed-message';
import { relayFailing } from '../../widgets/devices/device-health-badge';
import { gateButtonState } from './gate-button-state';
import classes from './one-tap-open.module.css';

function stateInWords(gate: GateDeviceDto, lockedDown: boolean): string {
  if (lockedDown) return ONE_TAP_MESSAGES.lockedDown;
  if (!gate.allowedNow) return ONE_TAP_MESSAGES.notNow(gate.opensAt);
  if (relayFailing(gate)) return DEVICE_MESSAGES.gateOfflineHelp;
  return gate.online === null ? ONE_TAP_MESSAGES.notHeardFrom : ONE_TAP_MESSAGES.online;
}

/**
 * The app's start screen for someone with a favourite gate: one large button, within a thumb's
 * reach, that opens it through the same route as every Open (limits, rules, gate log), its state
 * and the answer in words under it. `focus`: the app was opened from its "Open gate" shortcut.
 */
export function OneTapOpen({
  gate,
  lockedDown,
  busy,
  result,
  focus,
  onDismissResult,
  onOpen,
}: {
  gate: GateDeviceDto;
  lockedDown: boolean;
  busy: boolean;
  result: TimedMessage | null;
  focus: boolean;
  onDismissResult: () => void;
  onOpen: () => void;
}) {
  const button = gateButtonState(gate, { lockedDown, busy, openLabel: ONE_TAP_MESSAGES.open(gate.deviceName) });
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="one-tap-heading"
      className={classes.card}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="one-tap-heading">
          {ONE_TAP_MESSAGES.heading}
        </Title>
        <Button
          ref={ref}
          size="xl"
          h="auto"
          mih={96}
          py="md"
          fullWidth
          radius="lg"
          disabled={button.disabled}
          color={button.color}
          aria-describedby="one-tap-state"
          onClick={onOpen}
          data-testid="one-tap-open"
          classNames={{ label: classes.label }}
        >
          {button.label}
        </Button>
        <Text id="one-tap-state" size="md">
          {stateInWords(gate, lockedDown)}
        </Text>
        <MessageLine message={result} onClose={onDismissResult} />
      </Stack>
    </Card>
  );
}
