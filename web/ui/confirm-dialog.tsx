import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './confirm-modal';

// Mantine's Modal brings a focus trap, scroll lock and floating-ui; most screens never ask.
const ConfirmModal = lazy(async () => ({ default: (await import('./confirm-modal')).ConfirmModal }));

/**
 * The one yes/no question of the app: a modal with Cancel and one confirming action. `error` shows
 * why the action could not be done (such as what still depends on a property); `danger` colours the
 * action red for what cannot be undone. Its code loads when it first opens; it then stays mounted,
 * so closing animates as before.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [asked, setAsked] = useState(props.opened);
  if (props.opened && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmModal {...props} />
    </Suspense>
  );
}
