import type { PushSubscriptionDto } from '@core/api/push';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

const devicesQuery = queryOptions({
  queryKey: ['push-subscriptions'],
  queryFn: () => api<{ subscriptions: PushSubscriptionDto[] }>('GET', '/api/push/subscriptions'),
});

export const usePushDevices = () => useQuery(devicesQuery);

/** The browser's key material as base64url, the way the server's VAPID key is given. */
function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(bytes, (char) => char.charCodeAt(0));
}

/**
 * Subscribes this browser (asking for permission, so only from a tap) and hands the subscription
 * to the server; answers the server's id for it.
 */
async function subscribeThisDevice(): Promise<string> {
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await api<{ publicKey: string }>('GET', '/api/push/public-key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  const created = await api<{ _id: string }>('POST', '/api/push/subscriptions', { body: subscription.toJSON() });
  rememberThisDevice(created._id);
  return created._id;
}

// The server's id of this browser's subscription: the app looks for it in the server's list.
const DEVICE_KEY = 'gatehouse.push-subscription-id';

function rememberThisDevice(id: string | null) {
  try {
    if (id) localStorage.setItem(DEVICE_KEY, id);
    else localStorage.removeItem(DEVICE_KEY);
  } catch {
    // Storage blocked: the app just will not notice a lost subscription.
  }
}

export function thisDeviceId(): string | null {
  try {
    return localStorage.getItem(DEVICE_KEY);
  } catch {
    return null;
  }
}

/**
 * Once signed in: where notifications were turned on in this browser and are still allowed, but
 * the browser's subscription or the server's record of it is gone (expired, or the push service
 * answered 410), subscribes again without asking. Answers whether it did.
 */
export async function keepThisDeviceSubscribed(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'granted' || !thisDeviceId()) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return false;
  const [local, listed] = await Promise.all([
    registration.pushManager.getSubscription(),
    api<{ subscriptions: PushSubscriptionDto[] }>('GET', '/api/push/subscriptions'),
  ]);
  if (local && listed.subscriptions.some((one) => one._id === thisDeviceId())) return false;
  // A subscription the server dropped is dead at the push service too: a new one is made.
  await local?.unsubscribe();
  await subscribeThisDevice();
  return true;
}

export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribeThisDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesQuery.queryKey }),
  });
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api('DELETE', `/api/push/subscriptions/${encodeURIComponent(id)}`);
      // Removing this very device turns it off here: the app does not subscribe it again.
      if (id === thisDeviceId()) rememberThisDevice(null);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesQuery.queryKey }),
  });
}

/** Whether this browser can take Web Push at all (iOS: only once installed to the Home Screen). */
export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
