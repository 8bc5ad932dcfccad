import { ACCESS_GROUP_MESSAGES } from '@core/api/access-group-messages';
import type { ManagedUser } from '@core/api/dashboard';
import { OWN_DATA_MESSAGES } from '@core/api/own-data';
import { roleLabel } from '@core/roles';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { type ManagerColumn, ManagerTable } from '../../../ui/manager-table';
import { propertyLabel, visitorEmailsLabel } from '../shared/dashboard-labels';
import { RowActions } from '../shared/row-actions';
import { SecurePinReveal } from './secure-pin-reveal';

const fullName = (user: ManagedUser) => `${user.firstName} ${user.lastName}`;

/** Residents only (managers open every gate of their property by their role): their groups, or a badge for none. */
function accessGroupsCell(user: ManagedUser) {
  if (user.role !== 'resident') return null;
  if (user.accessGroups.length === 0)
    return (
      <Badge color="red" variant="light">
        {ACCESS_GROUP_MESSAGES.noGroup}
      </Badge>
    );
  return (
    <Text size="xs" c="dimmed">
      {user.accessGroups.join(', ')}
    </Text>
  );
}

/** The users table of docs/SPEC.md §2; the Secure PIN column only where §6 allows. */
export function UsersTable({
  users,
  listFetchedAt,
  showPin,
  onRefreshPin,
  onEdit,
  onDelete,
  onResetSecondFactor,
  onErase,
}: {
  users: ManagedUser[];
  /** When the list was last fetched (TanStack Query's dataUpdatedAt). */
  listFetchedAt: number;
  showPin: boolean;
  onRefreshPin: (user: ManagedUser) => void;
  onEdit: (user: ManagedUser) => void;
  onDelete: (user: ManagedUser) => void;
  /** Super administrators only. */
  onResetSecondFactor?: (user: ManagedUser) => void;
  /** Super administrators only; never offered on their own row. */
  onErase?: { callerId: string; erase: (user: ManagedUser) => void };
}) {
  const columns: ManagerColumn<ManagedUser>[] = [
    { label: 'First Name', cell: (user) => user.firstName },
    { label: 'Last Name', cell: (user) => user.lastName },
    { label: 'Email', cell: (user) => user.email },
    { label: 'Phone', cell: (user) => user.phoneNumber ?? '' },
    ...(showPin
      ? [
          {
            label: 'Secure PIN',
            // Keyed by the list's fetch: a refreshed list (such as after Refresh PIN) shows every PIN masked again.
            cell: (user: ManagedUser) =>
              user.hasSecurePin && (
                <SecurePinReveal key={`${user._id}-${listFetchedAt}`} userId={user._id} name={fullName(user)} />
              ),
            testId: 'secure-pin',
          },
        ]
      : []),
    { label: 'Property', cell: propertyLabel },
    { label: 'Visitors Created', cell: (user) => visitorEmailsLabel(user.visitorEmails) },
    {
      label: 'Role',
      cell: (user) => (
        <Stack gap={4} align="flex-start">
          {roleLabel(user.role)}
          {user.suspended && (
            <Badge color="red" variant="light" title={user.suspendedReason ?? undefined}>
              Suspended
            </Badge>
          )}
          {accessGroupsCell(user)}
        </Stack>
      ),
    },
  ];
  return (
    <ManagerTable
      label="Users"
      rows={users}
      rowKey={(user) => user._id}
      title={fullName}
      columns={columns}
      minWidth={showPin ? 1000 : 900}
      actions={(user) => (
        <RowActions name={fullName(user)} onEdit={() => onEdit(user)} onDelete={() => onDelete(user)}>
          {showPin && user.hasSecurePin && (
            <Button
              size="compact-sm"
              variant="light"
              color="grape"
              onClick={() => onRefreshPin(user)}
              aria-label={`Refresh PIN of ${fullName(user)}`}
            >
              Refresh PIN
            </Button>
          )}
          <Button
            component={Link}
            to={`${paths.activity}?actorId=${user._id}`}
            size="compact-sm"
            variant="light"
            aria-label={`Changes by ${fullName(user)}`}
          >
            Changes by
          </Button>
          <Button
            component={Link}
            to={`${paths.activity}?${new URLSearchParams({ objectId: user._id, name: fullName(user) })}`}
            size="compact-sm"
            variant="light"
            aria-label={`Changes to ${fullName(user)}`}
          >
            Changes to
          </Button>
          {onResetSecondFactor && (
            <Button
              size="compact-sm"
              variant="light"
              color="orange"
              onClick={() => onResetSecondFactor(user)}
              aria-label={`Reset two-step verification of ${fullName(user)}`}
            >
              Reset two-step
            </Button>
          )}
          {onErase && user._id !== onErase.callerId && (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              onClick={() => onErase.erase(user)}
              aria-label={`${OWN_DATA_MESSAGES.eraseAction} ${fullName(user)}`}
            >
              Erase
            </Button>
          )}
        </RowActions>
      )}
    />
  );
}
