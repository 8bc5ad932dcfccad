// Web Push in the service worker (imported by the Workbox-generated sw.js). Every push shows a
// notification: iOS revokes subscriptions whose pushes show none. The payload is just the sentence
// and the screen a tap opens (server/push/push-notice-text.ts).
self.addEventListener('push', (event) => {
  let message = { body: 'Something happened at your gate', url: '/' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // An empty or unreadable push still shows the notification.
  }
  event.waitUntil(
    self.registration.showNotification('Gatehouse', {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url },
    }),
  );
});

/**
 * Takes a window of the app to the screen and brings it forward, or opens one there. A gate
 * reader's kiosk page is never taken away from its gate. A window this worker does not control (one
 * reloaded bypassing it) refuses navigate(): the tap then opens a new window instead of doing nothing.
 */
async function showScreen(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const app = windows.find(
    (client) => client.url.startsWith(self.location.origin) && !new URL(client.url).pathname.startsWith('/reader'),
  );
  const shown = app ? await app.navigate(url).catch(() => null) : null;
  return shown ? shown.focus() : self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(showScreen(new URL(event.notification.data?.url ?? '/', self.location.origin).href));
});
