import type { ManagedVisitor } from '@core/api/dashboard';
import { Button, Table } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../paths';
import { RowActions } from './row-actions';

/** Visitor table: First Name, Last Name, Email, View QR Codes (superadmin's page), Edit, Delete. */
export function VisitorsTable({
  visitors,
  showQrCodes,
  onEdit,
  onDelete,
}: {
  visitors: ManagedVisitor[];
  showQrCodes: boolean;
  onEdit: (visitor: ManagedVisitor) => void;
  onDelete: (visitor: ManagedVisitor) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Visitors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>First Name</Table.Th>
            <Table.Th>Last Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visitors.map((visitor) => {
            const name = `${visitor.firstName} ${visitor.lastName}`;
            return (
              <Table.Tr key={visitor._id}>
                <Table.Td>{visitor.firstName}</Table.Td>
                <Table.Td>{visitor.lastName}</Table.Td>
                <Table.Td>{visitor.email}</Table.Td>
                <Table.Td>
                  <RowActions name={name} onEdit={() => onEdit(visitor)} onDelete={() => onDelete(visitor)}>
                    {showQrCodes && (
                      <Button component={Link} to={paths.visitorQrCodes(visitor._id)} size="compact-sm" variant="light">
                        View QR Codes
                      </Button>
                    )}
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
