import { DASHBOARD_MESSAGES } from '@core/api/dashboard';
import type { PropertyDto } from '@core/api/properties';
import { PROPERTY_MESSAGES } from '@core/api/property-messages';
import { Stack } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useAllProperties } from '../../../api/properties';
import { QueryState } from '../../../ui/query-state';
import { DeleteDialog } from '../shared/delete-dialog';
import { PropertiesTable } from './properties-table';

// The edit dialog (its form and validation, which brings zod) loads when first opened, not with
// the table: the dashboard's first load stays within its budget.
const EditPropertyDialog = lazy(async () => ({
  default: (await import('./edit-property-dialog')).EditPropertyDialog,
}));

/** Properties (superadmin): a plain list with edit and delete. */
export function PropertiesPanel() {
  const list = useAllProperties();
  const [editing, setEditing] = useState<PropertyDto | null>(null);
  const [deleting, setDeleting] = useState<PropertyDto | null>(null);
  const properties = list.data ?? [];
  return (
    <Stack gap="sm">
      <QueryState
        query={list}
        errorTitle={PROPERTY_MESSAGES.listFailed}
        empty={!properties.length}
        emptyText={DASHBOARD_MESSAGES.noProperties}
      >
        <PropertiesTable properties={properties} onEdit={setEditing} onDelete={setDeleting} />
      </QueryState>
      {editing && (
        <Suspense fallback={null}>
          <EditPropertyDialog property={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <DeleteDialog
        entity="property"
        target={deleting && { id: deleting._id, name: deleting.propertyName }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
