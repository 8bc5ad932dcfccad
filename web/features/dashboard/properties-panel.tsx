import type { PropertyDto } from '@core/api/properties';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useAllProperties } from '../../api/properties';
import { DeleteDialog } from './delete-dialog';
import { EditPropertyDialog } from './edit-property-dialog';
import { ListState } from './list-state';
import { PropertiesTable } from './properties-table';

/** Properties (superadmin): a plain list with edit and delete. */
export function PropertiesPanel() {
  const list = useAllProperties();
  const [editing, setEditing] = useState<PropertyDto | null>(null);
  const [deleting, setDeleting] = useState<PropertyDto | null>(null);
  const properties = list.data ?? [];
  return (
    <Stack gap="sm">
      <ListState loading={list.isPending} empty={!properties.length} emptyText="No properties found" />
      {properties.length > 0 && <PropertiesTable properties={properties} onEdit={setEditing} onDelete={setDeleting} />}
      {editing && <EditPropertyDialog property={editing} onClose={() => setEditing(null)} />}
      <DeleteDialog
        entity="property"
        target={deleting && { id: deleting._id, name: deleting.propertyName }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
