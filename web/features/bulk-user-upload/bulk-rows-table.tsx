import type { BulkRow, BulkRowErrors } from '@core/bulk/bulk-row';
import { EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from '@core/constants';
import { ROLE_LABELS } from '@core/roles';
import { Button, Select, Table, TextInput } from '@mantine/core';
import type { KeyedRow } from './use-bulk-rows';

const TEXT_COLUMNS: { field: keyof BulkRow; label: string; maxLength: number }[] = [
  { field: 'firstName', label: 'First Name', maxLength: PERSON_NAME_MAX_LENGTH },
  { field: 'lastName', label: 'Last Name', maxLength: PERSON_NAME_MAX_LENGTH },
  { field: 'email', label: 'Email', maxLength: EMAIL_MAX_LENGTH },
  { field: 'phoneNumber', label: 'Phone', maxLength: 20 },
];

/** First Name, Last Name, Email, Phone, Role, Property, Action; each cell editable with its error under it. */
export function BulkRowsTable({
  rows,
  errors,
  showRoleAndProperty,
  onChange,
  onRemove,
}: {
  rows: KeyedRow[];
  errors: Map<number, BulkRowErrors>;
  showRoleAndProperty: boolean;
  onChange: (key: number, field: keyof BulkRow, value: string) => void;
  onRemove: (key: number) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={showRoleAndProperty ? 1000 : 760}>
      <Table verticalSpacing="xs" aria-label="Users to create">
        <Table.Thead>
          <Table.Tr>
            {TEXT_COLUMNS.map((column) => (
              <Table.Th key={column.field}>{column.label}</Table.Th>
            ))}
            {showRoleAndProperty && <Table.Th>Role</Table.Th>}
            {showRoleAndProperty && <Table.Th>Property</Table.Th>}
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => {
            const rowErrors = errors.get(row.key) ?? {};
            const label = (text: string) => `${text} of row ${index + 1}`;
            return (
              <Table.Tr key={row.key}>
                {TEXT_COLUMNS.map((column) => (
                  <Table.Td key={column.field} style={{ verticalAlign: 'top' }}>
                    <TextInput
                      aria-label={label(column.label)}
                      value={row[column.field]}
                      maxLength={column.maxLength}
                      error={rowErrors[column.field]}
                      onChange={(event) => onChange(row.key, column.field, event.currentTarget.value)}
                    />
                  </Table.Td>
                ))}
                {showRoleAndProperty && (
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Select
                      aria-label={label('Role')}
                      data={[
                        { value: 'resident', label: ROLE_LABELS.resident },
                        { value: 'admin', label: ROLE_LABELS.admin },
                      ]}
                      value={row.role || null}
                      error={rowErrors.role}
                      onChange={(value) => onChange(row.key, 'role', value ?? '')}
                    />
                  </Table.Td>
                )}
                {showRoleAndProperty && (
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <TextInput
                      aria-label={label('Property')}
                      placeholder="Property id"
                      value={row.propertyId}
                      error={rowErrors.propertyId}
                      onChange={(event) => onChange(row.key, 'propertyId', event.currentTarget.value)}
                    />
                  </Table.Td>
                )}
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Button variant="light" color="red" size="compact-sm" onClick={() => onRemove(row.key)}>
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
