import type { ManagedUser } from '@core/api/dashboard';
import { roleLabel } from '@core/roles';
import { Button, Table } from '@mantine/core';
import { propertyLabel, visitorEmailsLabel } from './dashboard-labels';
import { RowActions } from './row-actions';

const fullName = (user: ManagedUser) => `${user.firstName} ${user.lastName}`;

/** The users table of SPEC §2; the Secure PIN column only where §6 allows. */
export function UsersTable({
  users,
  showPin,
  onRefreshPin,
  onEdit,
  onDelete,
}: {
  users: ManagedUser[];
  showPin: boolean;
  onRefreshPin: (user: ManagedUser) => void;
  onEdit: (user: ManagedUser) => void;
  onDelete: (user: ManagedUser) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={showPin ? 980 : 880}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>First Name</Table.Th>
            <Table.Th>Last Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone</Table.Th>
            {showPin && <Table.Th>Secure PIN</Table.Th>}
            <Table.Th>Property</Table.Th>
            <Table.Th>Visitors Created</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th w={150}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user._id}>
              <Table.Td>{user.firstName}</Table.Td>
              <Table.Td>{user.lastName}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{user.phoneNumber ?? ''}</Table.Td>
              {showPin && <Table.Td data-testid="secure-pin">{user.securePin ?? ''}</Table.Td>}
              <Table.Td>{propertyLabel(user)}</Table.Td>
              <Table.Td>{visitorEmailsLabel(user.visitorEmails)}</Table.Td>
              <Table.Td>{roleLabel(user.role)}</Table.Td>
              <Table.Td>
                <RowActions name={fullName(user)} onEdit={() => onEdit(user)} onDelete={() => onDelete(user)}>
                  {showPin && user.securePin && (
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
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
