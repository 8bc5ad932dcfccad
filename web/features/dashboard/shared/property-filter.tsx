import type { PropertyDto } from '@core/api/properties';
import { Select } from '@mantine/core';

/** The superadmin's property filter: one property, or 'All Properties' when cleared. */
export function PropertyFilter({
  properties,
  value,
  onChange,
}: {
  properties: PropertyDto[];
  value: string;
  onChange: (propertyId: string) => void;
}) {
  return (
    <Select
      label="Property"
      placeholder="All Properties"
      data={properties.map((property) => ({
        value: property._id,
        label: `${property.propertyName} (${property.propertyLocation})`,
      }))}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear property filter' }}
      searchable
      miw={220}
    />
  );
}
