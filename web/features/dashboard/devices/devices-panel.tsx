import { DEVICE_LIST_PROPERTIES_PER_PAGE } from '@core/constants';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useDevicesByProperty } from '../../../api/devices';
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
  const [page, setPage] = useState(1);
  if (!isSuper) return <DevicesByProperty propertyId={claims.PID ?? undefined} />;
  const choose = (id: string) => {
    setPropertyId(id);
    setPage(1);
  };
  return (
    <Stack gap="sm">
      <Group>
        <PropertyFilter properties={properties.data ?? []} value={propertyId} onChange={choose} />
      </Group>
      <DevicesByProperty propertyId={propertyId || undefined} page={page} />
      {!propertyId && <PropertyPager page={page} onPage={setPage} />}
    </Stack>
  );
}

/** Previous and Next over pages of properties, when there is more than one page. */
function PropertyPager({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  // The same query the list above runs: answered from its cache.
  const list = useDevicesByProperty(undefined, page);
  const shown = list.data?.length ?? 0;
  const more = shown === DEVICE_LIST_PROPERTIES_PER_PAGE;
  if (page === 1 && !more) return null;
  const first = (page - 1) * DEVICE_LIST_PROPERTIES_PER_PAGE + 1;
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" data-testid="property-page-summary">
        {shown ? `Properties ${first} to ${first + shown - 1}` : 'No more properties'}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="default" size="xs" disabled={!more} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
