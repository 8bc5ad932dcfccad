import { messageOr } from '../../../api/client';
import { type ManagedEntity, useDeleteEntity } from '../../../api/dashboard';
import { ConfirmDialog } from '../../../ui/confirm-dialog';

const TITLES: Record<ManagedEntity, string> = {
  resident: 'Delete User',
  visitor: 'Delete Visitor',
  property: 'Delete Property',
};

const CONSEQUENCES: Record<ManagedEntity, string> = {
  resident: 'Their visitors, QR codes and access history are deleted too, and they are signed out.',
  visitor: 'Their QR codes stop opening the gate at once.',
  property: '',
};

export interface DeleteTarget {
  id: string;
  name: string;
}

/** The delete confirmation of one entity type (docs/SPEC.md §2 per-type delete dialogs). */
export function DeleteDialog({
  entity,
  target,
  onClose,
}: {
  entity: ManagedEntity;
  target: DeleteTarget | null;
  onClose: () => void;
}) {
  const remove = useDeleteEntity(entity);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={target !== null}
      title={TITLES[entity]}
      confirmLabel="Delete"
      danger
      busy={remove.isPending}
      error={remove.error ? messageOr(remove.error, '') || null : null}
      onConfirm={() => target && remove.mutate(target, { onSuccess: close })}
      onClose={close}
    >
      Are you sure you want to delete {target?.name}? {CONSEQUENCES[entity]}
    </ConfirmDialog>
  );
}
