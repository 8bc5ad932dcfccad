import { ACCESS_GROUP_MESSAGES } from '@core/api/access-group-messages';
import type { ManagedUser } from '@core/api/dashboard';
import { OWN_DATA_MESSAGES } from '@core/api/own-data';
import { roleLabel } from '@core/roles';
import { Badge, Menu, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { type ManagerColumn, ManagerTable } from '../../../ui/manager-table';
import { propertyLabel, visitorEmailsLabel } from '../shared/dashboard-labels';
import { RowActions } from '../shared/row-actions';
import { RowMenu } from '../shared/row-menu';
import { AccessDatesBadge } from './access-dates-badge';
import { SecurePinReveal } from './secure-pin-reveal';

const fullName = (user: ManagedUser) => `${user.firstName} ${user.lastName}`;

/** Residents only (managers open every gate of their property by their role): their groups, or a badge for none. */
function accessGroupsCell(user: ManagedUser) {
  if (user.role !== 'resident') return null;
  if (user.accessGroups.length === 0)
    return (
      // Read whole in a narrow column: sentence case, wrapping rather than cut to "NO ACCE…".
      <Badge
        color="red"
        variant="light"
        tt="none"
        h="auto"
        styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
      >
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
    // Room for an ordinary address whole; the name columns share what is left.
    { label: 'Email', cell: (user) => user.email, width: 250 },
    { label: 'Phone', cell: (user) => user.phoneNumber ?? '', width: 115 },
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
            // The mask and Reveal on one line.
            width: 145,
          },
        ]
      : []),
    { label: 'Property', cell: propertyLabel },
    { label: 'Visitors Created', cell: (user) => visitorEmailsLabel(user.visitorEmails) },
    {
      label: 'Role',
      // "Resident" and "Property Manager" whole, at most one break between words.
      width: 95,
      cell: (user) => (
        <Stack gap={4} align="flex-start">
          {roleLabel(user.role)}
          {user.suspended && (
            <Badge color="red" variant="light" title={user.suspendedReason ?? undefined}>
              Suspended
            </Badge>
          )}
          <AccessDatesBadge user={user} />
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
      // Edit, Delete and the menu on one line.
      actionsWidth={170}
      actions={(user) => (
        <RowActions name={fullName(user)} onEdit={() => onEdit(user)} onDelete={() => onDelete(user)}>
          <RowMenu name={fullName(user)}>
            {showPin && user.hasSecurePin && (
              <Menu.Item onClick={() => onRefreshPin(user)} aria-label={`Refresh PIN of ${fullName(user)}`}>
                Refresh PIN
              </Menu.Item>
            )}
            <Menu.Item
              component={Link}
              to={`${paths.activity}?${new URLSearchParams({ actorId: user._id, name: fullName(user) })}`}
              aria-label={`Changes by ${fullName(user)}`}
            >
              Changes by
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={`${paths.activity}?${new URLSearchParams({ objectId: user._id, name: fullName(user) })}`}
              aria-label={`Changes to ${fullName(user)}`}
            >
              Changes to
            </Menu.Item>
            {onResetSecondFactor && (
              <Menu.Item
                color="orange"
                onClick={() => onResetSecondFactor(user)}
                aria-label={`Reset two-step verification of ${fullName(user)}`}
              >
                Reset two-step
              </Menu.Item>
            )}
            {onErase && user._id !== onErase.callerId && (
              <Menu.Item
                color="red"
                onClick={() => onErase.erase(user)}
                aria-label={`${OWN_DATA_MESSAGES.eraseAction} ${fullName(user)}`}
              >
                Erase
              </Menu.Item>
            )}
          </RowMenu>
        </RowActions>
      )}
    />
  );
}
