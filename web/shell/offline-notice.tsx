import { PUSH_MESSAGES } from '@core/api/push-messages';
import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';

/** "You're offline" over every screen while the device has no network (the installed app still opens). */
export function OfflineNotice() {
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  if (!offline) return null;
  return (
    <Alert color="yellow" radius={0} role="status" data-testid="offline-notice">
      {PUSH_MESSAGES.offline}
    </Alert>
  );
}
