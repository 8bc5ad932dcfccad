import type { ManagedUser } from '@core/api/dashboard';
import { messageOr } from '../../../api/client';
import { useResetSecondFactor } from '../../../api/second-factor';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toast';

/** Asks before a super administrator resets a user's two-step verification, then says it is done. */
export function ResetSecondFactorDialog({ user, onClose }: { user: ManagedUser | null; onClose: () => void }) {
  const reset = useResetSecondFactor();
  const close = () => {
    reset.reset();
    onClose();
  };
  const name = user ? `${user.firstName} ${user.lastName}` : '';
  return (
    <ConfirmDialog
      opened={user !== null}
      title="Reset two-step verification"
      confirmLabel="Reset"
      danger
      busy={reset.isPending}
      error={reset.isError ? messageOr(reset.error, 'Could not reset two-step verification.') : null}
      onClose={close}
      onConfirm={() =>
        user &&
        reset.mutate(user._id, {
          onSuccess: ({ message }) => {
            close();
            toast(message, 'success');
          },
        })
      }
    >
      {`Remove the authenticator app, passkeys and recovery codes of ${name}? They are signed out everywhere, emailed, and sign in with their password alone until they set two-step verification up again.`}
    </ConfirmDialog>
  );
}
