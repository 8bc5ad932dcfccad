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
  return created._id;
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
    mutationFn: (id: string) => api('DELETE', `/api/push/subscriptions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesQuery.queryKey }),
  });
}

/** Whether this browser can take Web Push at all (iOS: only once installed to the Home Screen). */
export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
