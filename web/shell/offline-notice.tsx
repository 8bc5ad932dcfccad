import { OFFLINE_MESSAGE } from '@core/api/offline-messages';
import { Box } from '@mantine/core';
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
    // A Box, not an Alert: this sits in every route's first load (e2e/bundle-size.spec.ts).
    <Box role="status" bg="yellow.1" c="dark.9" px="md" py="sm" fz="sm" data-testid="offline-notice">
      {OFFLINE_MESSAGE}
    </Box>
  );
}
