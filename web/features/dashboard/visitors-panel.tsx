import type { ManagedVisitor } from '@core/api/dashboard';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useVisitorList } from '../../api/dashboard';
import { useAllProperties } from '../../api/properties';
import { useClaims } from '../../auth/session';
import { DeleteDialog } from './delete-dialog';
import { EditVisitorDialog } from './edit-visitor-dialog';
import { ListFilters } from './list-filters';
import { ListState } from './list-state';
import { PaginationFooter } from './pagination-footer';
import { useListFilter } from './use-list-filter';
import { VisitorsTable } from './visitors-table';

/** Visitors: filters, table, paging, edit and delete. */
export function VisitorsPanel() {
  const isSuper = useClaims().role === 'superadmin';
  const controls = useListFilter();
  const list = useVisitorList(controls.filter, true);
  const properties = useAllProperties(isSuper);
  const [editing, setEditing] = useState<ManagedVisitor | null>(null);
  const [deleting, setDeleting] = useState<ManagedVisitor | null>(null);
  const visitors = list.data?.visitors ?? [];

  return (
    <Stack gap="sm">
      <ListFilters controls={controls} properties={isSuper ? (properties.data ?? []) : null} roles={null} />
      <ListState loading={list.isPending} empty={!visitors.length} emptyText="No visitors found" />
      {visitors.length > 0 && (
        <VisitorsTable visitors={visitors} showQrCodes={isSuper} onEdit={setEditing} onDelete={setDeleting} />
      )}
      {list.data && (
        <PaginationFooter
          page={controls.filter.page}
          limit={controls.filter.limit}
          {...list.data.pagination}
          onPage={controls.setPage}
        />
      )}
      {editing && <EditVisitorDialog visitor={editing} onClose={() => setEditing(null)} />}
      <DeleteDialog
        entity="visitor"
        target={deleting && { id: deleting._id, name: `${deleting.firstName} ${deleting.lastName}` }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
