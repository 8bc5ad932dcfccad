import { useQueryClient } from '@tanstack/react-query';
import { lazy, type MouseEvent, Suspense, useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import { BellButton } from './bell-button';

// The popover (floating-ui, its focus handling) and the list's query load on the first press, so a
// signed-in screen's first load carries only the button.
const NotificationPanel = lazy(async () => ({ default: (await import('./notification-panel')).NotificationPanel }));

/** The header's bell; pressing it opens 'Recent Activities' (notification-panel.tsx). */
export function NotificationBell({
  userId,
  propertyId,
  missedCalls,
}: {
  userId: string;
  propertyId: string | null;
  missedCalls: boolean;
}) {
  const queryClient = useQueryClient();
  const [first, setFirst] = useState<{ focused: boolean } | null>(null);
  if (!first) {
    const open = (event?: MouseEvent<HTMLButtonElement>) => {
      void queryClient.resetQueries({ queryKey: queryKeys.gateLogs.notifications(userId) });
      setFirst({ focused: document.activeElement === event?.currentTarget });
    };
    return <BellButton opened={false} onClick={open} />;
  }
  return (
    <Suspense fallback={<BellButton opened onClick={() => undefined} />}>
      <NotificationPanel
        userId={userId}
        propertyId={propertyId}
        focusButton={first.focused}
        missedCalls={missedCalls}
      />
    </Suspense>
  );
}
