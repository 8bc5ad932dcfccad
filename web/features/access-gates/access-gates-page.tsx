import { ACCESS_GROUP_MESSAGES } from '@core/api/access-group-messages';
import { DEVICE_HINTS } from '@core/api/device-hints';
import { DEVICE_MESSAGES } from '@core/api/device-messages';
import type { GateDeviceDto } from '@core/api/devices';
import { ONE_TAP_MESSAGES } from '@core/api/one-tap-messages';
import { MESSAGE_TIMINGS_MS } from '@core/constants';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messageOr } from '../../api/client';
import { useFavouriteGateId, useGateDevices, useInNoGateGroup, useTriggerRelay } from '../../api/devices';
import { useClaims } from '../../auth/session';
import { QueryState } from '../../ui/query-state';
import { useTimedMessage } from '../../ui/use-timed-message';
import { FavouriteGate } from './favourite-gate';
import { FavouriteToggle } from './favourite-toggle';
import { GateCard } from './gate-card';
import { PropertyGates } from './property-gates';

const HoldOpenDialog = lazy(async () => ({
  default: (await import('../../widgets/hold-open/hold-open-dialog')).HoldOpenDialog,
}));

/** Where the one-tap button's answer shows (other answers show on their gate's card). */
const ONE_TAP = 'one-tap';

/** Gates (resident) or Access Gates (admin): a grid of the caller's gate devices, each with Open Gate. */
export function AccessGatesPage() {
  const claims = useClaims();
  const gates = useGateDevices();
  const favouriteId = useFavouriteGateId().data ?? null;
  const inNoGateGroup = useInNoGateGroup().data ?? false;
  const [holding, setHolding] = useState<GateDeviceDto | null>(null);
  const favourite = gates.data?.find((gate) => gate.id === favouriteId) ?? null;
  const [searchParams] = useSearchParams();
  const trigger = useTriggerRelay();
  const [opening, setOpening] = useState<GateDeviceDto | null>(null);
  // The outcome shows on the card of the gate pressed; a failure stays until dismissed or the next press.
  const [resultGateId, setResultGateId] = useState<string | null>(null);
  const [result, showResult, clearResult] = useTimedMessage(MESSAGE_TIMINGS_MS.gateAccessGates);
  const [now, setNow] = useState(() => new Date());
  const propertyIds = [...new Set((gates.data ?? []).map((gate) => gate.propertyId))];
  const canManage = claims.role !== 'resident';
  useInterval(() => setNow(new Date()), 30_000, { autoInvoke: true });

  const open = (gate: GateDeviceDto, from: string = gate.id) => {
    clearResult();
    setOpening(gate);
    setResultGateId(from);
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
      {favourite && (
        <FavouriteGate
          gate={favourite}
          canManage={canManage}
          busy={opening?.id === favourite.id}
          result={resultGateId === ONE_TAP ? result : null}
          focus={searchParams.get('open') === 'favourite'}
          onDismissResult={clearResult}
          onOpen={() => open(favourite, ONE_TAP)}
        />
      )}
      {!favourite && gates.data?.length ? (
        <Text size="sm" c="dimmed">
          {ONE_TAP_MESSAGES.noFavourite}
        </Text>
      ) : null}
      {opening && (
        <Alert color="blue" role="status">
          {DEVICE_MESSAGES.openingGate(opening.deviceName)}
        </Alert>
      )}
      <QueryState
        query={gates}
        errorTitle={DEVICE_MESSAGES.gatesLoadFailed}
        empty={gates.data?.length === 0}
        emptyText={inNoGateGroup ? ACCESS_GROUP_MESSAGES.inNoGateGroup : DEVICE_HINTS.noGates(claims.role)}
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
              onHold={canManage ? () => setHolding(gate) : undefined}
              favourite={<FavouriteToggle gate={gate} favourite={gate.id === favouriteId} />}
            />
          )}
        />
      ))}
      {holding && (
        <Suspense fallback={null}>
          <HoldOpenDialog
            device={{ _id: holding.id, deviceName: holding.deviceName }}
            onClose={() => setHolding(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
