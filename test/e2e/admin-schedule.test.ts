/**
 * /admin/schedule in real Chromium at the desk's 1920×1080 against the real server, its clock held at
 * Friday 2026-11-20 12:00 in Tokyo: weekly hours, a dated change with a note, a holiday opened, a refusal
 * shown beside the form with nothing saved, and the queue screen's banner when a window begins while
 * in-house reception is off. Each test has its own server (the default calendar, reception closed) and its
 * own desk, and makes the changes it reads.
 */
import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import type { ScheduleForStaff } from '../../src/shared/schedule/types.js';
import { manualClock, type ManualClock } from '../support/clock.js';
import { confirmDialog } from './admin-support.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

const NOON = '2026-11-20T03:00:00.000Z'; // Friday 12:00 in Tokyo

describeBrowser('the clinic calendar page (/admin/schedule)', () => {
  let clock: ManualClock;
  const screen = staffScreen({ server: () => ({ clock: (clock = manualClock(NOON)) }) });
  let page: Page;

  beforeEach(async () => {
    const context = await screen.openDesk();
    await context.clock.setFixedTime(new Date(NOON));
    page = await context.newPage();
  });

  /** The calendar page, showing November as the server holds it. */
  async function openSchedule() {
    await page.goto(`${screen.server.url}/admin/schedule`);
    await page.getByRole('heading', { name: '診療時間・休診日の設定', level: 1 }).waitFor();
    await page.getByRole('heading', { name: '2026年11月' }).waitFor();
  }

  const month = () => screen.staff<ScheduleForStaff>('getSchedule', { month: '2026-11' });
  /** The text a day's button is described by in the month. */
  const dayInfo = async (label: string) => {
    const id = await page.getByRole('button', { name: label, exact: true }).getAttribute('aria-describedby');
    return page.locator(`[id="${id}"]`).innerText();
  };

  it('is reached from the staff navigation and shows the week and the month as the server holds them', async () => {
    await page.goto(`${screen.server.url}/admin/queue`);
    await page.getByRole('link', { name: '診療時間・休診日の設定' }).click();
    await page.getByRole('heading', { name: '診療時間・休診日の設定', level: 1 }).waitFor();
    await page.getByRole('heading', { name: '2026年11月' }).waitFor();
    expect(await page.getByLabel('月曜日 1つ目の時間帯の開始時刻').inputValue()).toBe('09:00');
    expect(await page.getByLabel('月曜日 2つ目の時間帯の終了時刻').inputValue()).toBe('19:00');
    expect(await dayInfo('11月23日(月)')).toContain('勤労感謝の日');
    expect(await dayInfo('11月23日(月)')).toContain('休診');
    expect(await dayInfo('11月20日(金)')).toMatch(/9:30〜11:00[\s\S]*17:00〜18:30/);
  });

  it('saves weekly hours: Thursday afternoon closed', async () => {
    await openSchedule();
    await page.getByRole('button', { name: '木曜日 2つ目の時間帯を削除' }).click();
    await page.getByRole('button', { name: '診療時間を保存' }).click();
    await page.getByText('曜日ごとの診療時間を保存しました。').waitFor();
    expect((await month()).schedule.weekly[4]).toEqual([{ start: '09:00', end: '11:30' }]);
    await expect.poll(() => dayInfo('11月26日(木)')).not.toContain('16:30');
  });

  it('gives a date other hours with a note for patients, by keyboard', async () => {
    await openSchedule();
    await page.getByRole('button', { name: '11月28日(土)', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: '11月28日(土)の診療' }).waitFor();
    await page.getByRole('radio', { name: '時間を変更（午前のみ・特別な時間）' }).check();
    await page.getByRole('button', { name: '午前のみにする' }).click();
    await page.getByLabel('患者さまへのお知らせ（任意、200文字まで）').fill('11/28は午前のみの診療です');
    await page.getByLabel('患者さまへのお知らせ（任意、200文字まで）').press('Enter');
    await page.getByText('11月28日(土)の設定を保存しました。').waitFor();
    expect((await month()).schedule.overrides).toEqual([{ date: '2026-11-28', periods: [{ start: '09:00', end: '11:30' }], note: '11/28は午前のみの診療です' }]);
    await expect.poll(() => dayInfo('11月28日(土)')).toContain('11/28は午前のみの診療です');
    const changes = page.getByRole('region', { name: '日付ごとの変更' });
    expect(await changes.innerText()).toContain('11/28(土)');
  });

  it('opens on a holiday by name, closed by default', async () => {
    await openSchedule();
    const holidays = page.getByRole('region', { name: '11月の祝日' });
    const culture = holidays.getByLabel('文化の日（11/3(火)）は診療する');
    expect(await culture.isChecked()).toBe(false);
    expect(await holidays.getByLabel('勤労感謝の日（11/23(月)）は診療する').isChecked()).toBe(false);
    await culture.check();
    await holidays.getByText('文化の日（11/3(火)）を診療日にしました。').waitFor();
    expect((await month()).schedule.holidayOpenings).toEqual(['2026-11-03']);
    await expect.poll(() => dayInfo('11月3日(火)')).toContain('9:30〜11:00');
  });

  it("refuses overlapping periods with the server's message and saves nothing", async () => {
    await openSchedule();
    const before = (await month()).schedule.weekly;
    await page.getByLabel('月曜日 2つ目の時間帯の開始時刻').fill('11:00');
    await page.getByRole('button', { name: '診療時間を保存' }).click();
    const alert = page.getByRole('form', { name: '曜日ごとの診療時間' }).getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/月.*重なっています/);
    expect((await month()).schedule.weekly).toEqual(before);
    await page.getByRole('button', { name: '11月23日(月)', exact: true }).click();
    await page.screenshot({ path: screenshotPath('admin-schedule') });
  });

  it('follows a change made at another desk without a reload, keeping the draft typed here', async () => {
    await openSchedule();
    // A draft typed here and not saved; meanwhile another desk closes 11/27.
    await page.getByLabel('月曜日 2つ目の時間帯の開始時刻').fill('11:00');
    await screen.staff('saveScheduleOverride', { date: '2026-11-27', periods: [], note: '臨時休診' });
    await expect.poll(() => dayInfo('11月27日(金)'), { timeout: 10_000 }).toContain('臨時休診');
    expect(await page.getByRole('region', { name: '日付ごとの変更' }).innerText()).toContain('11/27(金)');
    expect(await page.getByLabel('月曜日 2つ目の時間帯の開始時刻').inputValue()).toBe('11:00');
    await page.screenshot({ path: screenshotPath('admin-schedule-other-desk') });
  });

  it('says on the queue screen when a window began with in-house reception off, and starts reception from there', async () => {
    await page.goto(`${screen.server.url}/admin/queue`);
    await page.getByRole('heading', { name: '受付管理' }).waitFor();
    await clock.advanceTo('2026-11-20T08:00:00.000Z'); // 17:00 in Tokyo: the evening window
    await page.context().clock.setFixedTime(new Date('2026-11-20T08:00:05.000Z'));
    const banner = page.locator('.schedule-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('オンライン受付の開始時刻（17:00）になりましたが、院内受付が開始されていないため');
    await expect.poll(() => page.locator('.admin-clock').innerText()).toContain('17:00');
    await page.screenshot({ path: screenshotPath('admin-schedule-banner') });
    await banner.getByRole('button', { name: '院内受付とオンライン受付を開始する' }).click();
    await confirmDialog(page, '院内受付とオンライン受付を開始しますか？');
    await banner.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('switch', { name: 'オンライン受付' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: '院内受付' }).getAttribute('aria-checked')).toBe('true');
  });
});
