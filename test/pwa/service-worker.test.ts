/**
 * The worker's handlers (public/pwa/sw.js) run in a VM with a stand-in worker scope: the browser's side of
 * what no browser test can trigger (a notification click) and the edges of push and fetch. The worker in
 * real Chromium (install, offline start, a delivered push) is covered by test/e2e/pwa-app.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

const SOURCE = readFileSync(join(process.cwd(), 'public', 'pwa', 'sw.js'), 'utf8');
const ORIGIN = 'https://clinic.example';

interface Extendable {
  waited: Promise<unknown>[];
  waitUntil(p: Promise<unknown>): void;
}

function extendable<T extends object>(fields: T): T & Extendable {
  const waited: Promise<unknown>[] = [];
  return Object.assign(fields, { waited, waitUntil: (p: Promise<unknown>) => void waited.push(p) });
}

function loadWorker(options: { windows?: { url: string }[]; network?: (url: string) => Promise<Response> } = {}) {
  const handlers = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: { body: string; data: { link: string } } }[] = [];
  const opened: string[] = [];
  const cache = new Map<string, Response>();
  const events: string[] = [];
  const windows = (options.windows ?? []).map((w) => ({
    url: `${ORIGIN}${w.url}`,
    async focus() {
      events.push(`focus ${this.url}`);
      return this;
    },
    async navigate(to: string) {
      events.push(`navigate ${to}`);
      return { url: to };
    },
  }));
  const network = options.network ?? (async (url: string) => new Response(`network ${url}`));
  const caches = {
    async open() {
      return {
        async addAll(urls: string[]) {
          for (const url of urls) cache.set(url, new Response(`cached ${url}`));
        },
      };
    },
    async match(request: string | { url: string }) {
      const key = typeof request === 'string' ? request : new URL(request.url).pathname;
      return cache.get(key)?.clone();
    },
    async keys() {
      return [];
    },
  };
  const self = {
    location: new URL(`${ORIGIN}/pwa/sw.js`),
    addEventListener: (type: string, fn: (event: unknown) => void) => handlers.set(type, fn),
    registration: { showNotification: async (title: string, opts: never) => void shown.push({ title, options: opts }) },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => void opened.push(url),
      claim: async () => {},
    },
    skipWaiting: async () => {},
  };
  const fetch = (request: string | { url: string }) => network(typeof request === 'string' ? request : request.url);
  vm.runInContext(SOURCE, vm.createContext({ self, caches, fetch, URL, Response, setTimeout, clearTimeout }));
  const fire = async <T extends object>(type: string, fields: T) => {
    const event = extendable(fields);
    handlers.get(type)!(event);
    await Promise.all(event.waited);
    return event;
  };
  return { fire, shown, opened, events, cache };
}

const pushData = (text: string) => ({ text: () => text });

describe('service worker: push', () => {
  it('shows every push as a notification, inside waitUntil, with the link kept for the click', async () => {
    const worker = loadWorker();
    const event = await worker.fire('push', { data: pushData(JSON.stringify({ title: 'さくらクリニック', body: '5人になりました', link: '/pwa/my' })) });
    expect(event.waited).toHaveLength(1);
    expect(worker.shown).toEqual([
      { title: 'さくらクリニック', options: expect.objectContaining({ body: '5人になりました', data: { link: '/pwa/my' }, lang: 'ja' }) },
    ]);
  });

  it('still shows a push it cannot read (a silent push would get the subscription revoked)', async () => {
    const worker = loadWorker();
    await worker.fire('push', { data: pushData('not json') });
    await worker.fire('push', { data: null });
    expect(worker.shown.map((n) => [n.options.body, n.options.data.link])).toEqual([
      ['not json', '/pwa/my'],
      ['', '/pwa/my'],
    ]);
  });

  it('never keeps a link that leaves the app', async () => {
    const worker = loadWorker();
    for (const link of ['https://evil.example/', '//evil.example/pwa/', '/admin/queue', 42]) {
      await worker.fire('push', { data: pushData(JSON.stringify({ title: 't', body: 'b', link })) });
    }
    expect(worker.shown.map((n) => n.options.data.link)).toEqual(['/pwa/my', '/pwa/my', '/pwa/my', '/pwa/my']);
  });
});

describe('service worker: notification click', () => {
  const click = (link: string) => {
    const closed: boolean[] = [];
    return { closed, notification: { data: { link }, close: () => void closed.push(true) } };
  };

  it('brings an open window of the app forward on /pwa/my', async () => {
    const worker = loadWorker({ windows: [{ url: '/web/all' }, { url: '/pwa/book' }] });
    const event = click('/pwa/my');
    await worker.fire('notificationclick', event);
    expect(event.closed).toEqual([true]);
    expect(worker.events).toEqual([`focus ${ORIGIN}/pwa/book`, `navigate ${ORIGIN}/pwa/my`]);
    expect(worker.opened).toEqual([]);
  });

  it('opens /pwa/my when the app is not open', async () => {
    const worker = loadWorker({ windows: [{ url: '/web/all' }] });
    await worker.fire('notificationclick', click('/pwa/my'));
    expect(worker.opened).toEqual([`${ORIGIN}/pwa/my`]);
  });
});

describe('service worker: install and fetch', () => {
  it('precaches the shell under its absolute URL', async () => {
    const worker = loadWorker();
    await worker.fire('install', {});
    expect([...worker.cache.keys()]).toEqual(['/pwa/']);
  });

  it('leaves /api/* and other origins to the network, untouched', async () => {
    const worker = loadWorker();
    for (const url of [`${ORIGIN}/api/live/queue`, `${ORIGIN}/api/fn/getMyReservation`, 'https://cdn.example/x.js']) {
      const responded: unknown[] = [];
      await worker.fire('fetch', { request: { url, method: 'GET', mode: 'cors' }, respondWith: (r: unknown) => responded.push(r) });
      expect(responded, url).toEqual([]);
    }
    const posted: unknown[] = [];
    await worker.fire('fetch', { request: { url: `${ORIGIN}/pwa/x`, method: 'POST', mode: 'cors' }, respondWith: (r: unknown) => posted.push(r) });
    expect(posted).toEqual([]);
  });

  it('serves /pwa pages from the network, and the cached shell when the network fails', async () => {
    let online = true;
    const worker = loadWorker({ network: async (url) => (online ? new Response(`network ${url}`) : Promise.reject(new TypeError('offline'))) });
    await worker.fire('install', {});
    const navigate = async (path: string) => {
      let response: Promise<Response> | undefined;
      await worker.fire('fetch', { request: { url: `${ORIGIN}${path}`, method: 'GET', mode: 'navigate' }, respondWith: (r: Promise<Response>) => (response = r) });
      return response ? (await response).text() : 'not handled';
    };
    expect(await navigate('/pwa/my')).toBe(`network ${ORIGIN}/pwa/my`);
    online = false;
    expect(await navigate('/pwa/my')).toBe('cached /pwa/');
    expect(await navigate('/admin/queue')).toBe('not handled');
  });
});
