import { PUSH_MESSAGES } from '@core/api/push-messages';
import { useEffect } from 'react';
import { keepThisDeviceSubscribed } from '../api/push';
import { toast } from '../ui/toast';

/** Renders nothing: once per signed-in load, subscribes this device again if its subscription is gone. */
export function PushKeeper() {
  useEffect(() => {
    keepThisDeviceSubscribed()
      .then((again) => again && toast(PUSH_MESSAGES.resubscribed, 'success'))
      .catch(() => {
        // Offline or refused: Profile → Notifications still shows the devices and turns it on by hand.
      });
  }, []);
  return null;
}
