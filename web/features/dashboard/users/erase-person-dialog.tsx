import type { ManagedUser } from '@core/api/dashboard';
import { OWN_DATA_MESSAGES } from '@core/api/own-data';
import { messageOr } from '../../../api/client';
import { useErasePerson } from '../../../api/own-data';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toast';

/** Asks a super administrator, in plain words, before a person is erased for good. */
export function ErasePersonDialog({ user, onClose }: { user: ManagedUser | null; onClose: () => void }) {
  const erase = useErasePerson();
  const close = () => {
    erase.reset();
    onClose();
  };
  const name = user ? `${user.firstName} ${user.lastName}` : '';
  return (
    <ConfirmDialog
      opened={user !== null}
      title={OWN_DATA_MESSAGES.eraseTitle}
      confirmLabel={OWN_DATA_MESSAGES.eraseConfirm}
      danger
      busy={erase.isPending}
      error={erase.isError ? messageOr(erase.error, 'Could not erase this person.') : null}
      onClose={close}
      onConfirm={() =>
        user &&
        erase.mutate(user._id, {
          onSuccess: ({ message }) => {
            close();
            toast(message, 'success');
          },
        })
      }
    >
      {OWN_DATA_MESSAGES.eraseWarning(name)}
    </ConfirmDialog>
  );
}
