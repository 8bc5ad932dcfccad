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

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url.startsWith(self.location.origin));
      if (open) return open.navigate(url).then((client) => (client ?? open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
