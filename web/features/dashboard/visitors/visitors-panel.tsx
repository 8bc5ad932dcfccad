import { DASHBOARD_MESSAGES, type ManagedVisitor } from '@core/api/dashboard';
import { Stack } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useVisitorList } from '../../../api/dashboard';
import { useAllProperties } from '../../../api/properties';
import { useClaims } from '../../../auth/session';
import { QueryState } from '../../../ui/query-state';
import { DeleteDialog } from '../shared/delete-dialog';
import { ListFilters } from '../shared/list-filters';
import { PaginationFooter } from '../shared/pagination-footer';
import { useListFilter } from '../shared/use-list-filter';
import { VisitorsTable } from './visitors-table';

// The edit dialog (its form and validation, which brings zod) loads when first opened, not with
// the table: the dashboard's first load stays within its budget.
const EditVisitorDialog = lazy(async () => ({
  default: (await import('./edit-visitor-dialog')).EditVisitorDialog,
}));

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
      <QueryState
        query={list}
        errorTitle={DASHBOARD_MESSAGES.visitorsLoadFailed}
        empty={!visitors.length}
        emptyText={DASHBOARD_MESSAGES.noVisitors}
      >
        <VisitorsTable visitors={visitors} showQrCodes={isSuper} onEdit={setEditing} onDelete={setDeleting} />
      </QueryState>
      {list.data && (
        <PaginationFooter
          page={controls.filter.page}
          limit={controls.filter.limit}
          {...list.data.pagination}
          // While the next page loads, the shown data (and its cursor) is still the page before's.
          nextCursor={list.isPlaceholderData ? null : list.data.pagination.nextCursor}
          onPage={controls.setPage}
        />
      )}
      {editing && (
        <Suspense fallback={null}>
          <EditVisitorDialog visitor={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <DeleteDialog
        entity="visitor"
        target={deleting && { id: deleting._id, name: `${deleting.firstName} ${deleting.lastName}` }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
