// @vitest-environment happy-dom
/**
 * The standalone gate and the frame around the app screens. Only the browser's edges are stood in for:
 * display-mode (happy-dom evaluates no display-mode), the network (fetch, EventSource), never our modules.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PwaApp from './PwaApp.js';

class SilentEventSource {
  static readonly CLOSED = 2;
  readyState = 0;
  onerror: (() => void) | null = null;
  addEventListener() {}
  close() {}
}

function runInstalled(how: 'display-mode' | 'navigator.standalone' | 'browser') {
  const real = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const matches = how === 'display-mode' && query === '(display-mode: standalone)';
    return { ...real(query), matches, media: query };
  });
  Object.defineProperty(window.navigator, 'standalone', { value: how === 'navigator.standalone', configurable: true });
}

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function open(path: string) {
  window.history.replaceState(null, '', path);
  render(<PwaApp />);
}

beforeEach(() => {
  vi.stubGlobal('EventSource', SilentEventSource);
  vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('/pwa standalone gate', () => {
  it.each(['/pwa/book', '/pwa/my', '/pwa/all', '/pwa/', '/pwa/unknown'])('sends %s to /install in a browser tab', async (path) => {
    runInstalled('browser');
    open(path);
    await waitFor(() => expect(window.location.pathname).toBe('/pwa/install'));
    // happy-dom's user agent is a desktop one: the install page's notice for devices that cannot install.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('LINEアプリからご利用ください');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it.each([
    ['display-mode', '/pwa/'],
    ['display-mode', '/pwa/install'],
    ['navigator.standalone', '/pwa/'],
    ['navigator.standalone', '/pwa/elsewhere'],
  ] as const)('running installed (%s), %s goes to /book with the footer', async (how, path) => {
    runInstalled(how);
    open(path);
    await waitFor(() => expect(window.location.pathname).toBe('/pwa/book'));
    const current = screen.getByRole('navigation', { name: 'メニュー' }).querySelector('[aria-current="page"]');
    expect(current?.textContent).toBe('受付番号予約');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('受付番号予約');
  });

  it('shows the offline notice, not an error screen, when the server cannot be reached', async () => {
    runInstalled('display-mode');
    open('/pwa/my');
    await waitFor(() => expect(screen.getByRole('region', { name: 'お知らせ' }).textContent).toContain('オフラインです'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('予約状況');
  });

  it('shows the PWA error card when the server refuses the installation', async () => {
    runInstalled('display-mode');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/exchangePwaInstallation')
          ? answer({ error: { status: 'RESOURCE_EXHAUSTED', message: 'このネットワークからのアクセスが多すぎます。' } }, 429)
          : Promise.reject(new TypeError('Failed to fetch')),
      ),
    );
    open('/pwa/book');
    const card = await screen.findByRole('alert');
    expect(card.textContent).toContain('認証に失敗しました。ページを再読み込みするか、医院スタッフにお問い合わせください。');
    expect(card.textContent).toContain('このネットワークからのアクセスが多すぎます。');
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeTruthy();
  });

  it('sends a stored install id, and keeps the one it made', async () => {
    runInstalled('display-mode');
    localStorage.removeItem('pwa_install_id');
    const calls: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/exchangePwaInstallation')) calls.push(JSON.parse(String(init?.body)));
        return Promise.reject(new TypeError('Failed to fetch'));
      }),
    );
    open('/pwa/book');
    await waitFor(() => expect(calls).toHaveLength(1));
    const stored = JSON.parse(localStorage.getItem('pwa_install_id') ?? 'null') as string;
    expect(stored).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(calls[0]).toEqual({ data: { installId: stored } });
  });

  it('links the manifest and the Home Screen icon, once', () => {
    runInstalled('browser');
    open('/pwa/install');
    expect([...document.head.querySelectorAll('link[rel="manifest"]')].map((l) => l.getAttribute('href'))).toEqual([
      '/pwa/manifest.webmanifest',
    ]);
    const icon = document.head.querySelector('link[rel="apple-touch-icon"]');
    expect([icon?.getAttribute('href'), icon?.getAttribute('sizes')]).toEqual(['/pwa/icons/apple-touch-icon.png', '180x180']);
  });
});
