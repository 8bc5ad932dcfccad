import { lazy, Suspense } from 'react';
import { useToastsAsked } from './toast';

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/** Where toasts appear; the container is downloaded with the first toast (see `toast`). */
export function ToastHost() {
  const asked = useToastsAsked();
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}
