/**
 * /admin/stats in real Chromium over five weeks of seeded history: reached from the staff navigation, a week
 * against the week before, every chart drawn with its data table beside it, the CSV link downloading, and
 * readable on the desk's 1920×1080 and on a tablet both ways round (no sideways scrolling). Last, a second
 * queue added to the clinic (decision 065): the queue choice appears, and the figures, the estimate section
 * and the exports follow it; before that the one-queue clinic sees no choice at all.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { readStats } from '../../src/server/domain/stats/queries.js';
import type { StatsResult } from '../../src/shared/schemas/stats.js';
import { seedYear } from '../stats/year-seed.js';
import { seedSecondQueue, VAX } from '../stats/queue-fixture.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

describeBrowser('the statistics page', () => {
  const screen = staffScreen({ per: 'file' });
  let expected: StatsResult;

  beforeAll(async () => {
    await seedYear(screen.server.store, { from: '2026-10-05', weeks: 5, takenPerSession: 60 });
    // Tickets printed and their pages opened (decision 073), kept per day as the server counts them.
    await screen.server.store.db
      .insertInto('ticket_daily')
      .values([
        { day: '2026-11-04', queue_id: 'main', printed: 7, opened: 4 },
        { day: '2026-10-28', queue_id: 'main', printed: 2, opened: 1 },
      ])
      .execute();
    expected = await readStats(screen.server.store, 'week', '2026-11-04');
  });

  async function showWeek(page: Page) {
    await page.getByRole('radio', { name: '週' }).check();
    await page.getByLabel('日付', { exact: true }).fill('2026-11-04');
    await page.getByText('今回 2026-11-02〜2026-11-08 ／ 前回 2026-10-26〜2026-11-01').waitFor();
  }

  /** The cells of the table row headed `label`. */
  async function rowCells(page: Page, table: string, label: string) {
    const row = page.getByRole('table', { name: table }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
    return row.getByRole('cell').allInnerTexts();
  }

  it('shows a week against the week before, with charts and tables, on the desk screen', async () => {
    const { server } = screen;
    const context = await screen.openDesk();
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/audit`);
    await page.getByRole('link', { name: '統計' }).click();
    await page.getByRole('heading', { name: '統計', level: 1 }).waitFor();
    await showWeek(page);
    // One queue: today's page, no queue choice.
    expect(await page.getByLabel('受付項目').count()).toBe(0);

    const { current, previous } = expected;
    const total = (f: typeof current) => f.taken.LINE + f.taken.PWA + f.taken.ADMIN;
    expect(total(current)).toBeGreaterThan(300);
    expect(await rowCells(page, '主な数字（今回と前回）', '受付数（合計）')).toEqual([
      String(total(current)), String(total(previous)), (d => (d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0'))(total(current) - total(previous)),
    ]);
    expect((await rowCells(page, '主な数字（今回と前回）', '受付数（LINE）')).slice(0, 2)).toEqual([String(current.taken.LINE), String(previous.taken.LINE)]);
    expect((await rowCells(page, '主な数字（今回と前回）', '診察開始')).slice(0, 2)).toEqual([String(current.started), String(previous.started)]);
    expect(await rowCells(page, '主な数字（今回と前回）', '受付票の発行（再印刷・キオスクを含む）')).toEqual(['7', '2', '+5']);
    expect(await rowCells(page, '主な数字（今回と前回）', '受付票ページを開いた数')).toEqual(['4', '1', '+3']);
    expect(await rowCells(page, '曜日別の受付数', '月')).toEqual([String(current.weekdays[1]), String(previous.weekdays[1])]);
    expect(await rowCells(page, '曜日別の受付数', '日')).toEqual(['0', '0']); // closed on Sundays
    const top = Math.max(...current.weekdays);
    const topDay = Array.from('日月火水木金土')[current.weekdays.indexOf(top)];
    await page.getByText(`今回いちばん多いのは ${topDay}（${top}件）`).waitFor();
    expect((await rowCells(page, '時間帯別の受付数', '9時台'))[0]).toBe(String(current.hours[9]));
    expect((await rowCells(page, '15分ごとの受付数と診察開始数', '09:30'))[0]).toBe(String(current.quarterHours.arrivals[38]));

    // Three charts, each a drawn canvas beside its table.
    const canvases = page.locator('.stats-chart canvas');
    await expect.poll(() => canvases.count()).toBe(3);
    for (const name of ['15分ごとの受付数と診察開始数', '曜日別の受付数', '時間帯別の受付数']) {
      expect(await page.getByRole('table', { name }).isVisible()).toBe(true);
    }
    const painted = await canvases.first().evaluate((c: HTMLCanvasElement) => {
      const pixels = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let ink = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) ink++;
      return ink;
    });
    expect(painted).toBeGreaterThan(1000);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1920);
    await page.screenshot({ path: screenshotPath('admin-stats'), fullPage: true });

    // The statistics CSV behind the link, with this browser's staff session.
    const href = await page.getByRole('link', { name: 'この統計' }).getAttribute('href');
    expect(href).toBe('/api/staff/export/stats.csv?period=week&date=2026-11-04');
    const csv = await page.request.get(`${server.url}${href}`);
    expect(csv.status()).toBe(200);
    const body = (await csv.body()).toString('utf8');
    expect(body.startsWith('\ufeff項目,今回 2026-11-02〜2026-11-08,前回 2026-10-26〜2026-11-01\r\n')).toBe(true);
    expect(body).toContain(`受付数（合計）,${total(current)},${total(previous)}\r\n`);
    expect(body).toContain('受付票の発行（再印刷・キオスクを含む）,7,2\r\n');

    // A range the server would refuse is said beside the dates, and its links lead nowhere.
    const slotsLink = page.getByRole('link', { name: '受付一覧（期間指定）' });
    expect(await slotsLink.getAttribute('href')).toBe('/api/staff/export/slots.csv?from=2026-11-02&to=2026-11-08');
    await page.getByLabel('開始日').fill('2026-11-20');
    await page.getByRole('status').filter({ hasText: '期間の指定が正しくありません' }).waitFor();
    expect(await slotsLink.getAttribute('href')).toBeNull();
    expect(await slotsLink.getAttribute('aria-disabled')).toBe('true');
    await page.locator('.stats-exports').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('admin-stats-range-problem') });
    await page.getByLabel('開始日').fill('2026-11-01');
    await expect.poll(() => slotsLink.getAttribute('href')).toBe('/api/staff/export/slots.csv?from=2026-11-01&to=2026-11-08');
    await context.close();
  });

  it('stays readable on a tablet, upright and sideways', async () => {
    for (const viewport of [{ width: 768, height: 1024 }, { width: 1024, height: 768 }]) {
      const context = await screen.openDesk({ viewport, locale: 'ja-JP', timezoneId: 'Asia/Tokyo', hasTouch: true });
      const page = await context.newPage();
      await page.goto(`${screen.server.url}/admin/stats`);
      await showWeek(page);
      await expect.poll(() => page.locator('.stats-chart canvas').count()).toBe(3);
      // No sideways scrolling: every chart and table fits the width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      const chartWidth = await page.locator('.stats-chart canvas').first().evaluate((c) => c.getBoundingClientRect().width);
      expect(chartWidth).toBeGreaterThan(viewport.width * 0.6);
      expect(await page.getByRole('table', { name: '曜日別の受付数' }).isVisible()).toBe(true);
      await page.screenshot({ path: screenshotPath(`admin-stats-tablet-${viewport.width}x${viewport.height}`), fullPage: true });
      await context.close();
    }
  });

  it('splits by queue once the clinic has two: figures, the estimate and the exports of the queue chosen', async () => {
    const { server } = screen;
    // Runs last in the file: the second queue's history lies after the seeded weeks (Monday 9 and Tuesday 10 November).
    await seedSecondQueue(server.store);
    const [clinic, vax, main] = await Promise.all([
      readStats(server.store, 'day', '2026-11-10'),
      readStats(server.store, 'day', '2026-11-10', VAX),
      readStats(server.store, 'day', '2026-11-10', 'main'),
    ]);
    const total = (f: StatsResult['current']) => f.taken.LINE + f.taken.PWA + f.taken.ADMIN;
    expect([total(clinic.current), total(vax.current), total(main.current)]).toEqual([4, 4, 0]);

    const context = await screen.openDesk();
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/stats`);
    await page.getByLabel('日付', { exact: true }).fill('2026-11-10');
    await page.getByText('今回 2026-11-10〜2026-11-10 ／ 前回 2026-11-09〜2026-11-09').waitFor();
    const choice = page.getByLabel('受付項目');
    expect(await choice.locator('option').allInnerTexts()).toEqual(['すべて（医院全体）', '一般', '予防接種']);
    expect(await rowCells(page, '主な数字（今回と前回）', '受付数（合計）')).toEqual(['4', '1', '+3']);

    // 一般: nothing that day; its estimate section says it has no readings.
    await choice.selectOption({ label: '一般' });
    await page.getByText('表示中：一般').waitFor();
    await expect.poll(() => rowCells(page, '主な数字（今回と前回）', '受付数（合計）')).toEqual(['0', '0', '±0']);
    await page.getByText('この期間と前の期間には、待ち時間の目安の記録がありません。').waitFor();

    // 予防接種: its own numbers, its own wait, its own estimate readings, and the exports of that queue.
    await choice.selectOption({ label: '予防接種' });
    await page.getByText('表示中：予防接種').waitFor();
    await expect.poll(() => rowCells(page, '主な数字（今回と前回）', '受付数（合計）')).toEqual([String(total(vax.current)), String(total(vax.previous)), '+3']);
    expect((await rowCells(page, '主な数字（今回と前回）', '待ち時間 中央値（分）')).slice(0, 2)).toEqual(['12', '5']);
    expect((await rowCells(page, '目安と実際の比較（今回と前回）', '目安の範囲内に順番が来た割合（%）'))[0]).toBe('100');
    const statsLink = page.getByRole('link', { name: 'この統計' });
    expect(await statsLink.getAttribute('href')).toBe(`/api/staff/export/stats.csv?period=day&date=2026-11-10&queue=${VAX}`);
    expect(await page.getByRole('link', { name: '受付一覧（期間指定）' }).getAttribute('href')).toBe(
      `/api/staff/export/slots.csv?from=2026-11-10&to=2026-11-10&queue=${VAX}`,
    );
    const csv = (await (await page.request.get(`${server.url}${await statsLink.getAttribute('href')}`)).body()).toString('utf8');
    expect(csv).toContain(`受付数（合計）,${total(vax.current)},${total(vax.previous)}\r\n`);
    await expectNoSeriousAxeViolations(page, 'the statistics of one queue');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1920);
    await page.screenshot({ path: screenshotPath('admin-stats-queue') });

    // Back to the whole clinic: the sum of both queues, no queue named.
    await choice.selectOption({ label: 'すべて（医院全体）' });
    await expect.poll(() => page.getByText('表示中：').count()).toBe(0);
    await expect.poll(() => rowCells(page, '主な数字（今回と前回）', '受付数（合計）')).toEqual(['4', '1', '+3']);
    expect(await statsLink.getAttribute('href')).toBe('/api/staff/export/stats.csv?period=day&date=2026-11-10');
    await context.close();
  });
});
