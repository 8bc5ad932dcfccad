import { Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useAllProperties } from '../../../api/properties';
import { useClaims } from '../../../auth/session';
import { PropertyFilter } from '../shared/property-filter';
import { DevicesByProperty } from './devices-by-property';

/** Devices by Property: an admin's own property; a superadmin all of them or the one chosen. */
export function DevicesPanel() {
  const claims = useClaims();
  const isSuper = claims.role === 'superadmin';
  const properties = useAllProperties(isSuper);
  const [propertyId, setPropertyId] = useState('');
  if (!isSuper) return <DevicesByProperty propertyId={claims.PID ?? undefined} />;
  return (
    <Stack gap="sm">
      <Group>
        <PropertyFilter properties={properties.data ?? []} value={propertyId} onChange={setPropertyId} />
      </Group>
      <DevicesByProperty propertyId={propertyId || undefined} />
    </Stack>
  );
}
