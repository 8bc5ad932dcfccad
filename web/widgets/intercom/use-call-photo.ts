import { useEffect, useState } from 'react';
import { fetchCallPhoto } from '../../api/intercom';

/**
 * The call's still as an object URL while the caller is on screen, released afterwards. It may
 * arrive just after the ring: `hasPhoto` turning true (from the call's news) fetches it again.
 */
export function useCallPhoto(callId: string, hasPhoto?: boolean): string | null {
  const [photo, setPhoto] = useState<string | null>(null);
  useEffect(() => {
    if (hasPhoto === false) return;
    let url: string | null = null;
    let current = true;
    void fetchCallPhoto(callId)
      .then((fetched) => {
        url = fetched;
        if (current) setPhoto(fetched);
        else if (fetched) URL.revokeObjectURL(fetched);
      })
      .catch(() => {});
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [callId, hasPhoto]);
  return photo;
}
