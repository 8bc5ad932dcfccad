import type { LockdownDto } from '@core/api/lockdown';
import { LOCKDOWN_MESSAGES } from '@core/api/lockdown-messages';
import { DEFAULT_TIME_ZONE } from '@core/constants';
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useProperty } from '../../api/properties';
import { LockdownBanner } from '../../widgets/lockdown-banner/lockdown-banner';

// The dialog (its form and validation, which bring zod) loads when first opened, keeping the
// gates screen's first load within its budget.
const LockdownDialog = lazy(async () => ({ default: (await import('./lockdown-dialog')).LockdownDialog }));

/**
 * One property's lockdown on the gates screen: the red banner while one is in force (managers end
 * it there), else, for managers, the red "Lock down" button.
 */
export function LockdownPanel({
  propertyId,
  lockdown,
  gates,
  canManage,
  namedProperty,
}: {
  propertyId: string;
  lockdown: LockdownDto | null;
  gates: { id: string; deviceName: string }[];
  canManage: boolean;
  /** Several properties on one screen (a super administrator): each button names its property. */
  namedProperty: boolean;
}) {
  const property = useProperty(propertyId);
  const [starting, setStarting] = useState(false);
  const timeZone = property.data?.timeZone ?? DEFAULT_TIME_ZONE;
  if (lockdown) {
    const names = lockdown.gateIds
      ? gates
          .filter((gate) => lockdown.gateIds?.includes(gate.id))
          .map((gate) => gate.deviceName)
          .join(', ')
      : null;
    return <LockdownBanner lockdown={lockdown} timeZone={timeZone} gateNames={names} canEnd={canManage} />;
  }
  if (!canManage) return null;
  return (
    <>
      <Button color="red" size="md" onClick={() => setStarting(true)} w={{ base: '100%', xs: 'auto' }}>
        {namedProperty && property.data
          ? LOCKDOWN_MESSAGES.lockDownProperty(property.data.propertyName)
          : LOCKDOWN_MESSAGES.lockDown}
      </Button>
      {starting && (
        <Suspense fallback={null}>
          <LockdownDialog
            propertyId={propertyId}
            timeZone={timeZone}
            gates={gates}
            onClose={() => setStarting(false)}
          />
        </Suspense>
      )}
    </>
  );
}
