import { DASHBOARD_MESSAGES } from '@core/api/dashboard-messages';
import type { PropertyDto } from '@core/api/properties';
import { SEARCH_MAX_LENGTH } from '@core/constants';
import { ROLE_LABELS, type Role } from '@core/roles';
import { Group, Select, TextInput } from '@mantine/core';
import { PropertyFilter } from './property-filter';
import type { ListFilterControls } from './use-list-filter';

/** The search box, property filter (superadmin) and role filter (users only) above a list. */
export function ListFilters({
  controls,
  properties,
  roles,
  statusFilter = false,
}: {
  controls: ListFilterControls;
  properties: PropertyDto[] | null;
  roles: readonly Role[] | null;
  /** Users only: all, or suspended only. */
  statusFilter?: boolean;
}) {
  return (
    <Group gap="sm" align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
      <TextInput
        label="Search"
        placeholder={DASHBOARD_MESSAGES.searchPlaceholder}
        aria-label={DASHBOARD_MESSAGES.searchPlaceholder}
        value={controls.search}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(event) => controls.setSearch(event.currentTarget.value)}
        miw={220}
      />
      {properties && (
        <PropertyFilter properties={properties} value={controls.property} onChange={controls.setProperty} />
      )}
      {roles && (
        <Select
          label="Role"
          placeholder="All Roles"
          data={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          value={controls.role || null}
          onChange={(value) => controls.setRole(value ?? '')}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear role filter' }}
          miw={180}
        />
      )}
      {statusFilter && (
        <Select
          label="Access"
          placeholder="Everyone"
          data={[{ value: 'suspended', label: 'Suspended only' }]}
          value={controls.status || null}
          onChange={(value) => controls.setStatus(value ?? '')}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear access filter' }}
          miw={180}
        />
      )}
    </Group>
  );
}
