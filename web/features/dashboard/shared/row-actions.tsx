import { Button } from '@mantine/core';
import type { ReactNode } from 'react';

/** Edit and Delete for one table row or card, after any row-specific actions. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  children,
}: {
  name: string;
  onEdit: () => void;
  onDelete?: () => void;
  children?: ReactNode;
}) {
  return (
    <>
      {children}
      <Button size="compact-sm" variant="light" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      {onDelete && (
        <Button size="compact-sm" variant="light" color="red" onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      )}
    </>
  );
}
