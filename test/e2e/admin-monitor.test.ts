import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { describeBrowser, PUBLIC_STREAM, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

/**
 * The wall display: unattended, never signed in, readable across the room with a full day's queue. Each test
 * has its own clinic day (a fresh server, reception closed) and its own monitor, and sets up what it reads.
 */
describeBrowser('wall monitor', () => {
  const screen = staffScreen();
  let monitor: Page;

  beforeEach(async () => {
    monitor = await (await screen.openBrowser()).newPage();
  });

  /** The monitor shown while in-house reception is stopped. */
  async function openMonitor() {
    await monitor.goto(`${screen.server.url}/admin/monitor`);
    await monitor.getByText('現在、院内受付を停止しています').waitFor();
  }

  /** In-house reception open with a full day's 200 numbers, 5, 17 and 42 held; returns each number's slot. */
  async function fullDay(): Promise<Map<number, string>> {
    const slotIds = new Map<number, string>();
    await screen.staff('startInhouseReception');
    for (let i = 0; i < 200; i++) {
      const { slotId, reservationNumber } = await screen.staff<{ slotId: string; reservationNumber: number }>('allocateNextSlot', {
        reservedType: 'ADMIN',
      });
      slotIds.set(reservationNumber, slotId);
    }
    for (const n of [5, 17, 42]) await screen.staff('markSlot', { slotId: slotIds.get(n), action: 'hold' });
    return slotIds;
  }

  it('reconnects by itself, saying so quietly meanwhile', async () => {
    await monitor.route(PUBLIC_STREAM, (route) => route.abort());
    await monitor.goto(`${screen.server.url}/admin/monitor`);
    await monitor.getByRole('status').getByText('再接続中').waitFor();
    await monitor.unroute(PUBLIC_STREAM);
    await monitor.getByText('現在、院内受付を停止しています').waitFor({ timeout: 15_000 });
    await monitor.getByRole('status').waitFor({ state: 'detached' });
  });

  it('follows in-house reception opening: the stopped notice gives way to an empty queue', async () => {
    await openMonitor();
    await screen.staff('startInhouseReception');
    await monitor.getByText('現在お待ちの方はいません').waitFor();
    await monitor.getByRole('heading', { name: 'ただいま 0人 お待ちです' }).waitFor();
  });

  it('fits 200 rows on 1920×1080 without scrolling, held rows last as 呼出時不在', async () => {
    await openMonitor();
    await fullDay();
    await monitor.getByRole('heading', { name: 'ただいま 197人 お待ちです' }).waitFor();
    await expect.poll(() => monitor.locator('.monitor-cell').count()).toBe(200);

    const fit = await monitor.evaluate(() => {
      const cells = [...document.querySelectorAll<HTMLElement>('.monitor-cell')];
      const outside = cells.filter((c) => {
        const r = c.getBoundingClientRect();
        return r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight;
      });
      const clipped = cells.filter((c) => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1);
      const scroller = document.scrollingElement!;
      return {
        scrolls: scroller.scrollHeight > innerHeight || scroller.scrollWidth > innerWidth,
        outside: outside.length,
        clipped: clipped.map((c) => c.innerText),
        columns: new Set(cells.map((c) => Math.round(c.getBoundingClientRect().left))).size,
        fontPx: parseFloat(getComputedStyle(document.querySelector('.monitor-grid')!).fontSize),
      };
    });
    expect(fit).toMatchObject({ scrolls: false, outside: 0, clipped: [] });
    expect(fit.columns).toBeGreaterThanOrEqual(8);
    expect(fit.fontPx).toBeGreaterThanOrEqual(20);

    const texts = await monitor.locator('.monitor-cell').allInnerTexts();
    expect(texts.slice(0, 2)).toEqual(['1番\n0人', '2番\n1人']);
    expect(texts.slice(-3)).toEqual(['5番\n呼出時不在', '17番\n呼出時不在', '42番\n呼出時不在']);
    // Cells run down each column first, then on to the next: reading order is the queue's order.
    const [first, second] = await Promise.all(
      [0, 1].map((i) => monitor.locator('.monitor-cell').nth(i).boundingBox()),
    );
    expect(second!.x).toBe(first!.x);
    expect(second!.y).toBeGreaterThan(first!.y);
    await monitor.screenshot({ path: screenshotPath('admin-monitor-200') });
  });

  it('uses big type for a short queue', async () => {
    const slotIds = await fullDay();
    await monitor.goto(`${screen.server.url}/admin/monitor`);
    await monitor.getByRole('heading', { name: 'ただいま 197人 お待ちです' }).waitFor();
    for (let n = 1; n <= 193; n++) {
      if (![5, 17, 42].includes(n)) await screen.staff('markSlot', { slotId: slotIds.get(n), action: 'start' });
    }
    await monitor.getByRole('heading', { name: 'ただいま 7人 お待ちです' }).waitFor();
    await expect.poll(() => monitor.locator('.monitor-cell').count()).toBe(10);
    const fontPx = await monitor.evaluate(() => parseFloat(getComputedStyle(document.querySelector('.monitor-grid')!).fontSize));
    expect(fontPx).toBeGreaterThan(60);
    await monitor.screenshot({ path: screenshotPath('admin-monitor-few') });
  });
});
