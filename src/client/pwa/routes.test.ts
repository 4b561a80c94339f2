import { describe, expect, it } from 'vitest';
import { isUuidV4, newUuidV4 } from './install-id.js';
import { detectInstallPlatform } from './platform.js';
import { decidePwaRoute, tabOf } from './routes.js';

const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipadDesktop: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

describe('/pwa routes', () => {
  it.each([
    ['/pwa', false, { kind: 'redirect', to: '/pwa/install' }],
    ['/pwa/', false, { kind: 'redirect', to: '/pwa/install' }],
    ['/pwa/', true, { kind: 'redirect', to: '/pwa/book' }],
    ['/pwa/install', false, { kind: 'install' }],
    ['/pwa/install', true, { kind: 'redirect', to: '/pwa/book' }],
    ['/pwa/book', true, { kind: 'app', tab: 'book' }],
    ['/pwa/my', true, { kind: 'app', tab: 'my' }],
    ['/pwa/all', true, { kind: 'app', tab: 'all' }],
    ['/pwa/all/', true, { kind: 'app', tab: 'all' }],
    ['/pwa/book', false, { kind: 'redirect', to: '/pwa/install' }],
    ['/pwa/my', false, { kind: 'redirect', to: '/pwa/install' }],
    ['/pwa/all', false, { kind: 'redirect', to: '/pwa/install' }],
    ['/pwa/reserved', true, { kind: 'redirect', to: '/pwa/book' }],
    ['/pwa/nowhere/deep', false, { kind: 'redirect', to: '/pwa/book' }],
  ])('%s (installed: %s)', (path, installed, decision) => {
    expect(decidePwaRoute(path, installed)).toEqual(decision);
  });

  it('an unknown path ends on /install for a visitor who has not installed (two steps)', () => {
    const first = decidePwaRoute('/pwa/elsewhere', false);
    expect(first).toEqual({ kind: 'redirect', to: '/pwa/book' });
    expect(decidePwaRoute((first as { to: string }).to, false)).toEqual({ kind: 'redirect', to: '/pwa/install' });
  });

  it.each([
    ['/pwa/all', 'all'],
    ['/pwa/all/anything', 'all'],
    ['/pwa/my', 'my'],
    ['/pwa/my/', 'my'],
    ['/pwa/book', 'book'],
    ['/pwa/install', null],
    ['/pwa/', null],
  ])('footer tab of %s is %s', (path, tab) => {
    expect(tabOf(path)).toBe(tab);
  });
});

describe('install platform', () => {
  it.each([
    [UA.iphone, 0, 'ios'],
    [UA.ipadDesktop, 5, 'ios'],
    [UA.ipadDesktop, 0, 'unsupported'],
    [UA.android, 5, 'android'],
    [UA.desktop, 0, 'unsupported'],
    [`${UA.iphone} Line/15.12.1`, 5, 'unsupported'],
    [`${UA.android} Line/15.12.1`, 5, 'unsupported'],
  ])('%s with %i touch points → %s', (ua, touch, platform) => {
    expect(detectInstallPlatform(ua, touch)).toBe(platform);
  });
});

describe('install id', () => {
  it('makes uuid v4 values and recognises only those', () => {
    for (let i = 0; i < 50; i++) expect(isUuidV4(newUuidV4())).toBe(true);
    expect(isUuidV4('00000000-0000-1000-8000-000000000000')).toBe(false);
    expect(isUuidV4('not-an-id')).toBe(false);
    expect(isUuidV4(null)).toBe(false);
  });
});
