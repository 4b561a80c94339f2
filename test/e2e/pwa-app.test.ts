/**
 * The installed app in real Chromium (an `--app` window: display-mode standalone, see pwa-support.ts) against
 * the real server: start URL and root routing, the worker at scope /pwa/ with the shell precached, the
 * footer's current tab, a whole take-and-cancel visit, and an offline start from the cache. Screenshots are of
 * the screen as the phone shows it (a full-page capture would paint the sticky footer mid-page).
 */
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminSnapshot } from '../api/api-support.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { currentTab, type InstalledApp, isStandaloneIn, launchInstalledApp, mainText } from './pwa-support.js';
import { staffScreen } from './support/staff-screen.js';

const DATE_TIME = /\d{4}\/\d{2}\/\d{2}\([日月火水木金土]\) \d{2}:\d{2}/;

describeBrowser('PWA: the installed app', () => {
  // Web Push not configured here: the app must work without it, saying so quietly (pwa-push covers push).
  // The installed app is a Chromium of its own.
  const screen = staffScreen({ per: 'file', browser: false, server: () => ({ env: { CLINIC_NAME: 'さくらクリニック' } }), reception: 'both' });
  let app: InstalledApp;

  beforeAll(async () => {
    app = await launchInstalledApp(`${screen.server.url}/pwa/`);
  });
  afterAll(async () => {
    await app?.context.close();
  });

  const page = () => app.page;
  const waitForMain = (expected: string | RegExp) => expect.poll(() => mainText(page()), { timeout: 10_000 }).toMatch(expected);

  it('opens at the start URL on /book, really standalone; the site root and unknown paths come home', async () => {
    await page().waitForURL(`${screen.server.url}/pwa/book`);
    expect(await isStandaloneIn(page())).toBe(true);
    for (const [from, to] of [
      ['/', '/pwa/book'],
      ['/pwa/install', '/pwa/book'],
      ['/pwa/somewhere', '/pwa/book'],
      ['/pwa/all/', '/pwa/all/'],
    ]) {
      await page().goto(`${screen.server.url}${from}`);
      await page().waitForURL(`${screen.server.url}${to}`);
    }
  });

  it('registers the worker at scope /pwa/ and precaches the shell and every file the app loaded', async () => {
    await page().goto(`${screen.server.url}/pwa/book`);
    const worker = await page().evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      // Wait until the worker controls this page (clients.claim), which offline start relies on.
      if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      const names = await caches.keys();
      const cache = await caches.open(names.find((n) => n.startsWith('pwa-'))!);
      const cached = (await cache.keys()).map((r) => new URL(r.url).pathname);
      const loaded = performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.startsWith('/assets/'));
      return { scope: registration.scope, script: registration.active?.scriptURL, names, cached, loaded };
    });
    expect(worker.scope).toBe(`${screen.server.url}/pwa/`);
    expect(worker.script).toBe(`${screen.server.url}/pwa/sw.js`);
    expect(worker.names).toEqual([expect.stringMatching(/^pwa-20250921-[0-9a-f]{12}$/)]);
    expect(worker.cached).toContain('/pwa/');
    expect(worker.cached).toContain('/pwa/manifest.webmanifest');
    expect(worker.loaded.length).toBeGreaterThan(2);
    for (const file of worker.loaded) expect(worker.cached).toContain(file);
    // The worker itself is always revalidated, so a new build reaches phones.
    const sw = await fetch(`${screen.server.url}/pwa/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
  });

  it('marks the footer tab of the current path, with the icons at their sizes', async () => {
    await page().goto(`${screen.server.url}/pwa/all`);
    expect(await currentTab(page())).toBe('受付番号一覧');
    const nav = page().getByRole('navigation', { name: 'メニュー' });
    await nav.getByRole('link', { name: '予約状況' }).click();
    await page().waitForURL(`${screen.server.url}/pwa/my`);
    expect(await currentTab(page())).toBe('予約状況');
    await nav.getByRole('link', { name: '受付番号予約' }).click();
    await page().waitForURL(`${screen.server.url}/pwa/book`);
    expect(await currentTab(page())).toBe('受付番号予約');
    const size = async (icon: string) => (await nav.locator(`svg[data-icon="${icon}"]`).boundingBox())?.width;
    expect([await size('menu-all'), await size('menu-book'), await size('menu-my')]).toEqual([26, 34, 26]);
    // Large targets: every tab at least 48 px high and a third of the width.
    for (const name of ['受付番号一覧', '受付番号予約', '予約状況']) {
      const box = (await nav.getByRole('link', { name }).boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(48);
      expect(box.width).toBeGreaterThan(120);
    }
    // The footer stays at the bottom of the screen.
    const footer = (await nav.boundingBox())!;
    const height = await page().evaluate(() => window.innerHeight);
    expect(Math.round(footer.y + footer.height)).toBe(height);
  });

  it('takes a number, follows it live, and cancels it', async () => {
    await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    await page().goto(`${screen.server.url}/pwa/book`);
    await waitForMain('2人');
    const take = page().getByRole('button', { name: '受付番号を取得する' });
    await expect.poll(() => take.isEnabled()).toBe(true);
    // Push is not configured on this server: no prompt, and a quiet line on /my.
    expect(await page().getByRole('button', { name: '通知を許可する' }).count()).toBe(0);
    await page().screenshot({ path: screenshotPath('pwa-book') });

    // One round trip (docs/decisions/042): the take's answer is the card on /my; nothing asks for it again,
    // not even once /my's own stream has said where the queue stands (the estimate shows it arrived).
    const calls: string[] = [];
    const record = (request: Request) => {
      const fn = /^\/api\/fn\/(\w+)$/.exec(new URL(request.url()).pathname)?.[1];
      if (fn) calls.push(fn);
    };
    page().on('request', record);
    await take.click();
    await page().waitForURL(`${screen.server.url}/pwa/my`);
    await waitForMain('3番');
    await waitForMain('あなたの前に 2人');
    await waitForMain('お呼びするまでの目安');
    expect(calls).toContain('allocateNextSlot');
    expect(calls.slice(calls.indexOf('allocateNextSlot'))).not.toContain('getMyReservation');
    expect(await mainText(page())).toMatch(DATE_TIME);
    expect(await mainText(page())).not.toContain('様'); // no display name in the PWA
    expect(await currentTab(page())).toBe('予約状況');
    expect(await page().getByText('この医院では通知をお送りしていません').count()).toBe(1);
    await page().screenshot({ path: screenshotPath('pwa-my') });

    const { slots } = await adminSnapshot<{ slots: { id: string; reservationNumber: number; reservedType: string }[] }>(screen.server.url, screen.cookie);
    const mine = slots.find((s) => s.reservationNumber === 3)!;
    expect(mine.reservedType).toBe('PWA');
    // Owner ids stay on the server: the row's owner is read from the store, not from the staff stream.
    const installId = await page().evaluate(() => JSON.parse(localStorage.getItem('pwa_install_id') ?? 'null') as string);
    const row = await screen.server.store.db.selectFrom('reservation_slots').select('owner_id').where('id', '=', mine.id).executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(`PWA_${installId}`);

    await screen.staff('markSlot', { slotId: slots.find((s) => s.reservationNumber === 1)!.id, action: 'start' });
    await waitForMain('あなたの前に 1人');
    // The queue moved: that, and only that, is asked for (and so the count above could see an ask).
    expect(calls.slice(calls.indexOf('allocateNextSlot'))).toContain('getMyReservation');
    page().off('request', record);

    await page().getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name: '受付番号一覧' }).click();
    await page().waitForURL(`${screen.server.url}/pwa/all`);
    await waitForMain('あなたの前に 1人 ／ 待ち人数 2人');
    await expect.poll(() => page().locator('tr[aria-current="true"]').innerText()).toMatch(/^3\s*あなた\s*1人$/);
    await page().screenshot({ path: screenshotPath('pwa-all') });

    await page().getByRole('link', { name: '予約状況' }).click();
    await page().getByRole('button', { name: '予約をキャンセルする' }).click();
    await page().getByRole('dialog', { name: '予約をキャンセルしますか？' }).getByRole('button', { name: 'キャンセルする' }).click();
    await waitForMain('現在、予約はありません。');
    const after = await adminSnapshot<{ slots: { id: string; canceledPwaAt: string | null }[] }>(screen.server.url, screen.cookie);
    expect(after.slots.find((s) => s.id === mine.id)?.canceledPwaAt).toBeTruthy();
    await page().screenshot({ path: screenshotPath('pwa-my-none') });
  });

  it('starts offline from the cached shell with an offline notice, and recovers when back online', async () => {
    await page().goto(`${screen.server.url}/pwa/my`);
    await waitForMain('現在、予約はありません。');
    await app.context.setOffline(true);
    await page().reload();
    await page().getByText('オフラインです。通信できる場所で、もう一度お試しください。').waitFor();
    expect(await page().getByRole('heading', { level: 1 }).innerText()).toBe('予約状況');
    expect(await currentTab(page())).toBe('予約状況');
    expect(await page().getByText('エラーが発生しました').count()).toBe(0);
    await page().screenshot({ path: screenshotPath('pwa-offline') });

    await app.context.setOffline(false);
    await expect.poll(() => page().getByText('オフラインです').count(), { timeout: 15_000 }).toBe(0);
    await waitForMain('現在、予約はありません。');
  });
});
