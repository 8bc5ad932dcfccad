import { DEVICE_HINTS } from '@core/api/device-hints';
import { DEVICE_MESSAGES } from '@core/api/device-messages';
import type { GateDeviceDto } from '@core/api/devices';
import { MESSAGE_TIMINGS_MS } from '@core/constants';
import { Alert, Stack, Title } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useState } from 'react';
import { messageOr } from '../../api/client';
import { useGateDevices, useTriggerRelay } from '../../api/devices';
import { useClaims } from '../../auth/session';
import { QueryState } from '../../ui/query-state';
import { useTimedMessage } from '../../ui/use-timed-message';
import { GateCard } from './gate-card';
import { PropertyGates } from './property-gates';

/** Gates (resident) or Access Gates (admin): a grid of the caller's gate devices, each with Open Gate. */
export function AccessGatesPage() {
  const claims = useClaims();
  const gates = useGateDevices();
  const trigger = useTriggerRelay();
  const [opening, setOpening] = useState<GateDeviceDto | null>(null);
  // The outcome shows on the card of the gate pressed; a failure stays until dismissed or the next press.
  const [resultGateId, setResultGateId] = useState<string | null>(null);
  const [result, showResult, clearResult] = useTimedMessage(MESSAGE_TIMINGS_MS.gateAccessGates);
  const [now, setNow] = useState(() => new Date());
  const propertyIds = [...new Set((gates.data ?? []).map((gate) => gate.propertyId))];
  const canManage = claims.role !== 'resident';
  useInterval(() => setNow(new Date()), 30_000, { autoInvoke: true });

  const open = (gate: GateDeviceDto) => {
    clearResult();
    setOpening(gate);
    setResultGateId(gate.id);
    trigger.mutate(
      { deviceId: gate.id, propertyId: gate.propertyId },
      {
        onSuccess: () => showResult({ color: 'green', text: DEVICE_MESSAGES.gateOpened(gate.deviceName) }),
        onError: (error) =>
          showResult(
            { color: 'red', text: messageOr(error, DEVICE_MESSAGES.gateNotOpened(gate.deviceName)) },
            { keep: true },
          ),
        onSettled: () => setOpening(null),
      },
    );
  };

  return (
    <Stack gap="md" maw={960} mx="auto">
      <Title order={1} size="h2">
        {claims.role === 'resident' ? 'Gates' : 'Access Gates'}
      </Title>
      {opening && (
        <Alert color="blue" role="status">
          {DEVICE_MESSAGES.openingGate(opening.deviceName)}
        </Alert>
      )}
      <QueryState
        query={gates}
        errorTitle={DEVICE_MESSAGES.gatesLoadFailed}
        empty={gates.data?.length === 0}
        emptyText={DEVICE_HINTS.noGates(claims.role)}
      />
      {propertyIds.map((propertyId) => (
        <PropertyGates
          key={propertyId}
          propertyId={propertyId}
          gates={(gates.data ?? []).filter((gate) => gate.propertyId === propertyId)}
          canManage={canManage}
          namedProperty={propertyIds.length > 1}
          card={(gate, lockedDown) => (
            <GateCard
              key={gate.id}
              gate={gate}
              now={now}
              busy={opening?.id === gate.id}
              lockedDown={lockedDown}
              result={resultGateId === gate.id ? result : null}
              onDismissResult={clearResult}
              onOpen={() => open(gate)}
            />
          )}
        />
      ))}
    </Stack>
  );
}
