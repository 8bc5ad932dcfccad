import type { BulkRow, BulkRowErrors } from '@core/bulk/bulk-row';
import { EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from '@core/constants';
import { ROLE_LABELS } from '@core/roles';
import { Button, Select, TextInput } from '@mantine/core';
import { type ManagerColumn, ManagerTable } from '../../ui/manager-table';
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
  type Numbered = { row: KeyedRow; number: number };
  const label = (text: string, { number }: Numbered) => `${text} of row ${number}`;
  const errorsOf = ({ row }: Numbered) => errors.get(row.key) ?? {};
  const columns: ManagerColumn<Numbered>[] = TEXT_COLUMNS.map((column) => ({
    label: column.label,
    cell: (numbered) => (
      <TextInput
        aria-label={label(column.label, numbered)}
        value={numbered.row[column.field]}
        maxLength={column.maxLength}
        error={errorsOf(numbered)[column.field]}
        onChange={(event) => onChange(numbered.row.key, column.field, event.currentTarget.value)}
      />
    ),
  }));
  if (showRoleAndProperty) {
    columns.push(
      {
        label: 'Role',
        cell: (numbered) => (
          <Select
            aria-label={label('Role', numbered)}
            data={[
              { value: 'resident', label: ROLE_LABELS.resident },
              { value: 'admin', label: ROLE_LABELS.admin },
            ]}
            value={numbered.row.role || null}
            error={errorsOf(numbered).role}
            onChange={(value) => onChange(numbered.row.key, 'role', value ?? '')}
          />
        ),
      },
      {
        label: 'Property',
        cell: (numbered) => (
          <TextInput
            aria-label={label('Property', numbered)}
            placeholder="Property id"
            value={numbered.row.propertyId}
            error={errorsOf(numbered).propertyId}
            onChange={(event) => onChange(numbered.row.key, 'propertyId', event.currentTarget.value)}
          />
        ),
      },
    );
  }
  return (
    <ManagerTable
      label="Users to create"
      rows={rows.map((row, index) => ({ row, number: index + 1 }))}
      rowKey={({ row }) => String(row.key)}
      title={({ number }) => `User ${number}`}
      columns={columns}
      minWidth={showRoleAndProperty ? 1000 : 760}
      actionsLabel="Action"
      actions={({ row }) => (
        <Button variant="light" color="red" size="compact-sm" onClick={() => onRemove(row.key)}>
          Remove
        </Button>
      )}
    />
  );
}
