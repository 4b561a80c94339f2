/**
 * /admin/stats' section on the wait estimate (issue 36, decision 054) in real Chromium over hand-made readings
 * (test/stats/estimate-fixture.ts): a day against the day before in the summary's table form, with its plain
 * explanation, a day without readings saying so, clean under axe-core, at the desk's 1920×1080 and on an
 * upright tablet without sideways scrolling.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { seedEstimateWeek } from '../stats/estimate-fixture.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

const SECTION = '待ち時間の目安の当たり具合';
const TABLE = '目安と実際の比較（今回と前回）';

describeBrowser("the statistics page's wait-estimate section", () => {
  const screen = staffScreen({ per: 'file' });

  beforeAll(async () => {
    await seedEstimateWeek(screen.server.store);
  });

  async function showDay(page: Page, day: string) {
    await page.getByRole('radio', { name: '日', exact: true }).check();
    await page.getByLabel('日付', { exact: true }).fill(day);
  }

  /**
   * No serious violation on the page (the bar of test/e2e/a11y.test.ts), and none at all, moderate and minor
   * included, in this section. (The chart blocks' own moderate landmark-unique predates it: each chart's
   * section and its table box share one name.)
   */
  async function expectSectionClean(page: Page, label: string) {
    await expectNoSeriousAxeViolations(page, label); // also loads axe-core into the page
    const inSection = await page.evaluate(async () => {
      type Axe = { run(context: Element, options: object): Promise<{ violations: { id: string; impact: string | null }[] }> };
      const result = await (window as unknown as { axe: Axe }).axe.run(document.querySelector('.stats-estimate')!, { resultTypes: ['violations'] });
      return result.violations.map((v) => `${v.impact} ${v.id}`);
    });
    expect(inSection, `axe on ${label}, the estimate section`).toEqual([]);
  }

  /** The cells of the section's row headed `label`: this period, the one before, the change. */
  async function cells(page: Page, label: string) {
    const row = page.getByRole('table', { name: TABLE }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
    return row.getByRole('cell').allInnerTexts();
  }

  it('shows a day against the day before, explained, on the desk screen', async () => {
    const context = await screen.openDesk();
    const page = await context.newPage();
    await page.goto(`${screen.server.url}/admin/stats`);
    await showDay(page, '2026-11-10');
    await page.getByText('今回 2026-11-10〜2026-11-10 ／ 前回 2026-11-09〜2026-11-09').waitFor();
    const section = page.getByRole('region', { name: SECTION });
    await section.getByRole('heading', { name: SECTION, level: 2 }).waitFor();
    await section.getByText('目安の短いほうの時間より前に順番が来た割合').waitFor();

    // Worked by hand in test/stats/estimate-stats.test.ts.
    expect(await cells(page, '目安の範囲内に順番が来た割合（%）')).toEqual(['75', '0', '+75']);
    expect(await cells(page, '目安より早く順番が来た割合（%）')).toEqual(['25', '0', '+25']);
    expect(await cells(page, '予想時刻とのずれ 中央値（分）')).toEqual(['7', '12', '−5']);
    expect(await cells(page, '目安の記録（診察開始まで確認できたもの）')).toEqual(['4', '1', '+3']);
    expect(await cells(page, '目安の記録（キャンセル・削除などで診察なし）')).toEqual(['3', '0', '+3']);
    // Right after the main figures, before the charts.
    const order = await page.locator('main h2, main caption').allInnerTexts();
    expect(order.slice(0, 3)).toEqual(['主な数字（今回と前回）', SECTION, TABLE]);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1920);
    await expectSectionClean(page, 'admin stats with the estimate section');
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('admin-stats-estimate') });

    // A week with no readings at all in it or the week before: said plainly, no table of dashes.
    await page.getByLabel('日付', { exact: true }).fill('2026-10-20');
    await page.getByText('今回 2026-10-20〜2026-10-20').waitFor();
    await section.getByText('この期間と前の期間には、待ち時間の目安の記録がありません。').waitFor();
    expect(await page.getByRole('table', { name: TABLE }).count()).toBe(0);
    await expectSectionClean(page, 'admin stats without readings');
    await context.close();
  });

  it('fits an upright tablet without sideways scrolling', async () => {
    const viewport = { width: 768, height: 1024 };
    const context = await screen.openDesk({ viewport, locale: 'ja-JP', timezoneId: 'Asia/Tokyo', hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${screen.server.url}/admin/stats`);
    await showDay(page, '2026-11-10');
    await page.getByRole('table', { name: TABLE }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.getByRole('region', { name: SECTION }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('admin-stats-estimate-tablet-768x1024') });
    await context.close();
  });
});
