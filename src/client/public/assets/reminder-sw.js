// Rally's reminder service worker: registered only when a supporter asks to be reminded
// in this browser. It shows the reminder the server pushes at the scheduled time and,
// on a click, opens its one-tap link (the share dialog, prefilled).
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const url = typeof data.url === 'string' ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(data.title || 'Time to share', {
      body: data.body || '',
      data: { url },
      tag: url,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url;
  if (url) event.waitUntil(self.clients.openWindow(url));
});
