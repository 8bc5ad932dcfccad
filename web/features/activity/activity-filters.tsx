import type { ActivityActorDto } from '@core/api/activity';
import type { PropertyDto } from '@core/api/properties';
import { SEARCH_MAX_LENGTH } from '@core/constants';
import { roleLabel } from '@core/roles';
import { CloseButton, Group, Pill, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { ACTION_CHOICES, OBJECT_KIND_CHOICES } from './activity-words';
import type { ActivityFilterForm } from './use-activity-filters';

interface ActivityFiltersProps {
  form: ActivityFilterForm;
  onChange(change: Partial<ActivityFilterForm>): void;
  actors: ActivityActorDto[];
  /** The zone the days are read in, said under the dates. */
  zoneName: string;
  /** Only for a super administrator; absent hides the property filter. */
  properties?: PropertyDto[];
}

/** Property (super administrator), person acting, object, action, days in the property's zone, search. */
export function ActivityFilters({ form, onChange, actors, zoneName, properties }: ActivityFiltersProps) {
  const dateProps = { valueFormat: 'YYYY-MM-DD', placeholder: 'YYYY-MM-DD', clearable: true } as const;
  const actorChoices = actors.map((actor) => ({ value: actor._id, label: `${actor.name} (${roleLabel(actor.role)})` }));
  if (form.actorId && !actors.some((actor) => actor._id === form.actorId))
    actorChoices.push({ value: form.actorId, label: form.actorName ?? 'The chosen person' });
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: properties ? 7 : 6 }} spacing="sm">
        {properties && (
          <Select
            label="Property"
            placeholder="All Properties"
            data={properties.map((p) => ({ value: p._id, label: `${p.propertyName} (${p.propertyLocation})` }))}
            value={form.propertyId}
            onChange={(value) => onChange({ propertyId: value })}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear property filter' }}
            searchable
            comboboxProps={{ width: 320, position: 'bottom-start' }}
          />
        )}
        <Select
          label="Person acting"
          placeholder="Anyone"
          data={actorChoices}
          value={form.actorId}
          onChange={(value) => onChange({ actorId: value })}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear person acting' }}
          searchable
          comboboxProps={{ width: 280, position: 'bottom-start' }}
        />
        <Select
          label="Object"
          placeholder="Any object"
          data={OBJECT_KIND_CHOICES}
          value={form.objectKind}
          onChange={(value) => onChange({ objectKind: value })}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear object' }}
        />
        <Select
          label="Action"
          placeholder="Any action"
          data={ACTION_CHOICES}
          value={form.action}
          onChange={(value) => onChange({ action: value })}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear action' }}
          searchable
          comboboxProps={{ width: 300, position: 'bottom-start' }}
        />
        <DateInput
          label="From"
          {...dateProps}
          clearButtonProps={{ 'aria-label': 'Clear from' }}
          value={form.fromDate}
          maxDate={form.toDate ?? undefined}
          onChange={(value) => onChange({ fromDate: value })}
        />
        <DateInput
          label="To"
          {...dateProps}
          clearButtonProps={{ 'aria-label': 'Clear to' }}
          value={form.toDate}
          minDate={form.fromDate ?? undefined}
          onChange={(value) => onChange({ toDate: value })}
        />
        <TextInput
          label="Search"
          placeholder="Action or name"
          value={form.search}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(event) => onChange({ search: event.currentTarget.value })}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={-8}>
        {zoneName}
      </Text>
      {form.object && (
        <Group gap="xs">
          <Text size="sm">Changes made to</Text>
          <Pill size="md" data-testid="object-filter">
            {form.object.name}
          </Pill>
          <CloseButton
            size="sm"
            aria-label={`Show changes to everything, not only ${form.object.name}`}
            onClick={() => onChange({ object: null })}
          />
        </Group>
      )}
    </>
  );
}
