import { DEFAULT_TIME_ZONE } from '@core/constants';
import { Box } from '@mantine/core';
import { useLocation } from 'react-router';
import { useGateDevices } from '../api/devices';
import { useLockdown } from '../api/lockdowns';
import { useProperty } from '../api/properties';
import { useClaims } from '../auth/session';
import { paths } from '../paths';
import { LockdownBanner } from '../widgets/lockdown-banner/lockdown-banner';

/**
 * A lockdown in force at the signed-in person's property, above every screen: the dashboard,
 * Register Visitor and the rest say so, not only Access Gates (which shows it with the gates).
 */
export function LockdownNotice({ propertyId }: { propertyId: string }) {
  const { pathname } = useLocation();
  const claims = useClaims();
  const lockdown = useLockdown(propertyId).data ?? null;
  const property = useProperty(lockdown ? propertyId : null);
  const gates = useGateDevices(Boolean(lockdown?.gateIds));
  if (!lockdown || pathname === paths.accessGates) return null;
  const gateNames = lockdown.gateIds
    ? (gates.data ?? [])
        .filter((gate) => lockdown.gateIds?.includes(gate.id))
        .map((gate) => gate.deviceName)
        .join(', ') || null
    : null;
  return (
    <Box px="md" pt="md" data-testid="lockdown-notice">
      <LockdownBanner
        lockdown={lockdown}
        timeZone={property.data?.timeZone ?? DEFAULT_TIME_ZONE}
        gateNames={gateNames}
        canEnd={claims.role !== 'resident'}
      />
    </Box>
  );
}
