import { Text } from '@mantine/core';
import { useProperty } from '../api/properties';
import { useSession } from '../auth/session';
import { COMPANY } from '../ui/company';

/** The user's property name and location, otherwise the company name (docs/SPEC.md §2 Header). */
export function HeaderTitle() {
  const { session } = useSession();
  const propertyId = session.status === 'authenticated' ? session.claims.PID : null;
  const { data: property } = useProperty(propertyId);
  if (!property) {
    return (
      <Text fw={700} size="lg" c="white">
        {COMPANY.name}
      </Text>
    );
  }
  return (
    <div style={{ minWidth: 0, flex: 1 }}>
      <Text fw={700} size="lg" c="white" truncate data-testid="header-property-name">
        {property.propertyName}
      </Text>
      <Text size="xs" c="white" truncate>
        {property.propertyLocation}
      </Text>
    </div>
  );
}
