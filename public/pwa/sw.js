/**
 * The /pwa service worker (scope /pwa/), hand-written: it must show every push as a notification and open the
 * patient's reservation on a click, and the app is small enough that a precache list is all the offline
 * start needs (docs/decisions/013-pwa-worker-and-install.md).
 *
 * - install: caches the app shell (/pwa/ = index.html) and the files the /pwa pages load, listed at build time.
 * - fetch: /pwa pages network-first with the cached shell as fallback; cached files cache-first; /api/* is never
 *   touched (live data must never come from a cache).
 * - push: always a notification, inside waitUntil (a silent push gets the subscription revoked on iOS).
 * - notificationclick: focuses an open window of the app on the notice's link (/pwa/my), or opens one.
 */

// Replaced by build/pwa-precache.ts with the files of this build, a revision and the catalogue's fallback
// title; under `vite dev` only the shell is cached.
const BUILD = { revision: 'dev', urls: [], fallbackTitle: '' };

const VERSION = '20250921';
const CACHE_PREFIX = 'pwa-';
const CACHE = `${CACHE_PREFIX}${VERSION}-${BUILD.revision}`;
const SCOPE_PATH = '/pwa/';
const SHELL = '/pwa/';
const NOTICE_LINK = '/pwa/my';
const ICON = '/pwa/icons/icon-192.png';
/** A page request that hangs (a weak signal) falls back to the shell instead of a white screen. */
const NAVIGATION_TIMEOUT_MS = 5000;

self.addEventListener('install', (event) => {
  // Absolute URLs: relative ones would resolve against /pwa/ (this file's folder) and miss every asset.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, ...BUILD.urls]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(CACHE_PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith(SCOPE_PATH)) event.respondWith(page(request));
    return;
  }
  event.respondWith(cacheFirst(request));
});

async function page(request) {
  try {
    return await withTimeout(fetch(request), NAVIGATION_TIMEOUT_MS);
  } catch {
    const shell = await caches.match(SHELL, { cacheName: CACHE });
    return shell ?? Response.error();
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  return cached ?? fetch(request);
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/** Only a path inside the app: a payload must not be able to send the patient to another site. */
function safeLink(link) {
  return typeof link === 'string' && link.startsWith(SCOPE_PATH) && !link.startsWith('//') ? link : NOTICE_LINK;
}

/** The server sends JSON {title, body, link}; anything unreadable is still shown, as plain text. */
function readPush(data) {
  let text = '';
  try {
    text = data ? data.text() : '';
    const json = JSON.parse(text);
    return {
      title: typeof json.title === 'string' && json.title ? json.title : BUILD.fallbackTitle,
      body: typeof json.body === 'string' ? json.body : '',
      link: safeLink(json.link),
    };
  } catch {
    return { title: BUILD.fallbackTitle, body: text, link: NOTICE_LINK };
  }
}

self.addEventListener('push', (event) => {
  const message = readPush(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: ICON,
      lang: 'ja',
      data: { link: message.link },
    }),
  );
});

async function openApp(link) {
  const target = new URL(link, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).pathname.startsWith(SCOPE_PATH));
  if (open) {
    const focused = await open.focus();
    if (focused.url === target) return focused;
    // navigate() works only for windows this worker controls; otherwise a new window is the way there.
    const moved = await focused.navigate(target).catch(() => null);
    if (moved) return moved;
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openApp(safeLink(event.notification.data && event.notification.data.link)));
});
