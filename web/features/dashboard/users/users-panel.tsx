import type { ManagedUser } from '@core/api/dashboard';
import { DASHBOARD_MESSAGES } from '@core/api/dashboard-messages';
import { canSeeSecurePins, ROLES } from '@core/roles';
import { Stack } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useRefreshSecurePin } from '../../../api/accounts';
import { useUserList } from '../../../api/dashboard';
import { useAllProperties } from '../../../api/properties';
import { useClaims } from '../../../auth/session';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { QueryState } from '../../../ui/query-state';
import { DeleteDialog } from '../shared/delete-dialog';
import { ListFilters } from '../shared/list-filters';
import { PaginationFooter } from '../shared/pagination-footer';
import { useListFilter } from '../shared/use-list-filter';
import { ErasePersonDialog } from './erase-person-dialog';
import { ResetSecondFactorDialog } from './reset-second-factor-dialog';
import { UsersTable } from './users-table';

// The edit dialog (its form and validation, which brings zod) loads when first opened, not with
// the table: the dashboard's first load stays within its budget.
const EditUserDialog = lazy(async () => ({
  default: (await import('./edit-user-dialog')).EditUserDialog,
}));

/** Users (superadmin) or Residents (admin): filters, table, paging, edit, delete and PIN refresh. */
export function UsersPanel() {
  const claims = useClaims();
  const isSuper = claims.role === 'superadmin';
  const controls = useListFilter();
  const list = useUserList(controls.filter, true);
  const properties = useAllProperties(isSuper);
  const showPin = canSeeSecurePins(claims.role, claims.propertyFeatures);
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const [deleting, setDeleting] = useState<ManagedUser | null>(null);
  const [refreshing, setRefreshing] = useState<ManagedUser | null>(null);
  const [resetting, setResetting] = useState<ManagedUser | null>(null);
  const [erasing, setErasing] = useState<ManagedUser | null>(null);
  const refreshPin = useRefreshSecurePin();
  const users = list.data?.users ?? [];

  return (
    <Stack gap="sm">
      <ListFilters
        controls={controls}
        properties={isSuper ? (properties.data ?? []) : null}
        roles={isSuper ? ROLES : (['admin', 'resident'] as const)}
        statusFilter
      />
      <QueryState
        query={list}
        errorTitle={DASHBOARD_MESSAGES.usersLoadFailed}
        empty={!users.length}
        emptyText={DASHBOARD_MESSAGES.noUsers}
      >
        <UsersTable
          users={users}
          listFetchedAt={list.dataUpdatedAt}
          showPin={showPin}
          onRefreshPin={setRefreshing}
          onEdit={setEditing}
          onDelete={setDeleting}
          onResetSecondFactor={isSuper ? setResetting : undefined}
          onErase={isSuper ? { callerId: claims.UID, erase: setErasing } : undefined}
        />
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
          <EditUserDialog
            user={editing}
            canEditRole={isSuper}
            showPin={showPin}
            intercomAtOwnProperty={claims.propertyFeatures.includes('intercom')}
            properties={properties.data ?? []}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      <DeleteDialog
        entity="resident"
        target={deleting && { id: deleting._id, name: `${deleting.firstName} ${deleting.lastName}` }}
        onClose={() => setDeleting(null)}
      />
      {isSuper && <ResetSecondFactorDialog user={resetting} onClose={() => setResetting(null)} />}
      {isSuper && <ErasePersonDialog user={erasing} onClose={() => setErasing(null)} />}
      <ConfirmDialog
        opened={refreshing !== null}
        title="Refresh Secure PIN"
        confirmLabel="Refresh PIN"
        busy={refreshPin.isPending}
        onConfirm={() =>
          refreshing &&
          refreshPin.mutate(
            { userId: refreshing._id, name: `${refreshing.firstName} ${refreshing.lastName}` },
            { onSettled: () => setRefreshing(null) },
          )
        }
        onClose={() => setRefreshing(null)}
      >
        {DASHBOARD_MESSAGES.refreshPinConfirm}
      </ConfirmDialog>
    </Stack>
  );
}
