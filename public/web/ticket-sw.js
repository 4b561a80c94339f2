/**
 * The printed ticket page's service worker (/web/ticket-sw.js, scope /web/ticket; docs/decisions/073),
 * hand-written and kept to what a push needs. The app's /pwa/sw.js cannot serve the ticket's page: a
 * worker's scope is at most its own folder. No cache and no fetch handler, so the page loads exactly as it
 * does without a worker.
 *
 * - push: always a notification, inside waitUntil (a push shown late or never gets the subscription revoked).
 * - notificationclick: focuses the open ticket page, or opens it (the page then reads the ticket it saved).
 */
const LINK = '/web/ticket';
const ICON = '/pwa/icons/icon-192.png';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

function readPush(data) {
  if (!data) return { title: '', body: '' };
  try {
    const json = data.json();
    return { title: typeof json.title === 'string' ? json.title : '', body: typeof json.body === 'string' ? json.body : '' };
  } catch {
    return { title: '', body: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const message = readPush(event.data);
  event.waitUntil(self.registration.showNotification(message.title || '受付票', { body: message.body, icon: ICON, lang: 'ja' }));
});

async function openTicket() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).pathname === LINK);
  return open ? open.focus() : self.clients.openWindow(LINK);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openTicket());
});
