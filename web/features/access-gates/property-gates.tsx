import type { GateDeviceDto } from '@core/api/devices';
import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLockdown } from '../../api/lockdowns';
import { lockdownCovers } from './gate-button-state';
import { LockdownPanel } from './lockdown-panel';

/**
 * One property's gates with its lockdown above them. Managers open during a lockdown (the server
 * decides); a resident's Open waits for its end on every gate it covers.
 */
export function PropertyGates({
  propertyId,
  gates,
  canManage,
  namedProperty,
  card,
}: {
  propertyId: string;
  gates: GateDeviceDto[];
  canManage: boolean;
  namedProperty: boolean;
  card: (gate: GateDeviceDto, lockedDown: boolean) => ReactNode;
}) {
  const lockdown = useLockdown(propertyId).data ?? null;
  return (
    <>
      <LockdownPanel
        propertyId={propertyId}
        lockdown={lockdown}
        gates={gates}
        canManage={canManage}
        namedProperty={namedProperty}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {gates.map((gate) => card(gate, !canManage && lockdownCovers(lockdown, gate.id)))}
      </SimpleGrid>
    </>
  );
}
