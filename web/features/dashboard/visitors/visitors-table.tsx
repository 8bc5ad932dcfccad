import type { ManagedVisitor } from '@core/api/dashboard';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { ManagerTable } from '../../../ui/manager-table';
import { RowActions } from '../shared/row-actions';

const fullName = (visitor: ManagedVisitor) => `${visitor.firstName} ${visitor.lastName}`;

/** Visitor table: First Name, Last Name, Email, (superadmin: Property, Host, View QR Codes), Edit, Delete. */
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
    <ManagerTable
      label="Visitors"
      rows={visitors}
      rowKey={(visitor) => visitor._id}
      title={fullName}
      minWidth={showQrCodes ? 960 : 720}
      columns={[
        { label: 'First Name', cell: (visitor) => visitor.firstName },
        { label: 'Last Name', cell: (visitor) => visitor.lastName },
        { label: 'Email', cell: (visitor) => visitor.email },
        // Across every property the super administrator needs to tell whose visitor it is, and where.
        ...(showQrCodes
          ? [
              { label: 'Property', cell: (visitor: ManagedVisitor) => visitor.propertyName ?? 'Property Not Found' },
              { label: 'Host', cell: (visitor: ManagedVisitor) => visitor.residentEmail ?? 'No host' },
            ]
          : []),
      ]}
      actions={(visitor) => (
        <RowActions name={fullName(visitor)} onEdit={() => onEdit(visitor)} onDelete={() => onDelete(visitor)}>
          {showQrCodes && (
            <Button component={Link} to={paths.visitorQrCodes(visitor._id)} size="compact-sm" variant="light">
              View QR Codes
            </Button>
          )}
        </RowActions>
      )}
    />
  );
}
