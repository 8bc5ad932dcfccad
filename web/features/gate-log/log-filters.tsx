import { LOG_MESSAGES } from '@core/api/gate-log-messages';
import type { PropertyDto } from '@core/api/properties';
import { SEARCH_MAX_LENGTH } from '@core/constants';
import { LOG_TIME_ZONES, type LogTimeZone } from '@core/time/log-time-zones';
import { Input, SegmentedControl, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { AccessType, LogFilterForm } from './use-log-filters';

const ACCESS_TYPES = [
  { value: 'all', label: 'All' },
  { value: 'user', label: 'User' },
  { value: 'visitor', label: 'Visitor' },
];

interface LogFiltersProps {
  form: LogFilterForm;
  onChange(change: Partial<LogFilterForm>): void;
  /** Only for superadmin; absent hides the property filter. */
  properties?: PropertyDto[];
}

/** Property (superadmin), Access Type, Start and End date, Search and Timezone (docs/SPEC.md §2 Gate Activity Logs). */
export function LogFilters({ form, onChange, properties }: LogFiltersProps) {
  const dateProps = { valueFormat: 'YYYY-MM-DD', placeholder: 'YYYY-MM-DD', clearable: true } as const;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: properties ? 3 : 2, lg: properties ? 6 : 5 }} spacing="sm">
      {properties && (
        <Select
          label="Property"
          data={[
            { value: '', label: LOG_MESSAGES.allProperties },
            ...properties.map((p) => ({ value: p._id, label: `${p.propertyName} (${p.propertyLocation})` })),
          ]}
          value={form.propertyId ?? ''}
          onChange={(value) => onChange({ propertyId: value || null })}
          allowDeselect={false}
          searchable
          comboboxProps={{ width: 320, position: 'bottom-start' }}
        />
      )}
      <Select
        label="Access Type"
        data={ACCESS_TYPES}
        value={form.accessType}
        onChange={(value) => onChange({ accessType: (value ?? 'all') as AccessType })}
        allowDeselect={false}
      />
      <DateInput
        label="Start Date"
        {...dateProps}
        clearButtonProps={{ 'aria-label': 'Clear start' }}
        value={form.startDate}
        maxDate={form.endDate ?? undefined}
        onChange={(value) => onChange({ startDate: value })}
      />
      <DateInput
        label="End Date"
        {...dateProps}
        clearButtonProps={{ 'aria-label': 'Clear end' }}
        value={form.endDate}
        minDate={form.startDate ?? undefined}
        onChange={(value) => onChange({ endDate: value })}
      />
      <TextInput
        label="Search"
        placeholder="Name, email, phone or QR code name"
        value={form.search}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(event) => onChange({ search: event.currentTarget.value })}
      />
      <Input.Wrapper label="Timezone" id="log-timezone">
        <SegmentedControl
          fullWidth
          aria-labelledby="log-timezone-label"
          data={[...LOG_TIME_ZONES]}
          value={form.timezone}
          onChange={(value) => onChange({ timezone: value as LogTimeZone })}
        />
      </Input.Wrapper>
    </SimpleGrid>
  );
}
