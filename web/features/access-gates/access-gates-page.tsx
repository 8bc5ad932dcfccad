import { DEVICE_MESSAGES, type GateDeviceDto } from '@core/api/devices';
import { MESSAGE_TIMINGS_MS } from '@core/constants';
import { MESSAGES } from '@core/messages';
import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useGateDevices, useTriggerRelay } from '../../api/devices';
import { useClaims } from '../../auth/session';
import { useTimedMessage } from '../devices/use-timed-message';
import { GateCard } from './gate-card';

/** Gates (resident) or Access Gates (admin): a grid of the caller's gate devices, each with Open Gate. */
export function AccessGatesPage() {
  const claims = useClaims();
  const gates = useGateDevices();
  const trigger = useTriggerRelay();
  const [opening, setOpening] = useState<GateDeviceDto | null>(null);
  const [result, showResult] = useTimedMessage(MESSAGE_TIMINGS_MS.gateAccessGates);

  const open = (gate: GateDeviceDto) => {
    setOpening(gate);
    trigger.mutate(
      { deviceId: gate.id, propertyId: gate.propertyId },
      {
        onSuccess: () => showResult({ color: 'green', text: DEVICE_MESSAGES.gateOpened(gate.deviceName) }),
        onError: () => showResult({ color: 'red', text: DEVICE_MESSAGES.gateNotOpened(gate.deviceName) }),
        onSettled: () => setOpening(null),
      },
    );
  };

  return (
    <Stack gap="md" maw={960} mx="auto">
      <Title order={2}>{claims.role === 'resident' ? 'Gates' : 'Access Gates'}</Title>
      {opening && (
        <Alert color="blue" role="status">
          {DEVICE_MESSAGES.openingGate(opening.deviceName)}
        </Alert>
      )}
      {!opening && result && (
        <Alert color={result.color} role="status">
          {result.text}
        </Alert>
      )}
      {gates.isPending && <Text>{MESSAGES.loading}</Text>}
      {gates.isError && (
        <Alert color="red" role="alert">
          {DEVICE_MESSAGES.gatesLoadFailed}
        </Alert>
      )}
      {gates.data?.length === 0 && <Text c="dimmed">No gates are set up for your property yet.</Text>}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {gates.data?.map((gate) => (
          <GateCard key={gate.id} gate={gate} busy={opening?.id === gate.id} onOpen={() => open(gate)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
