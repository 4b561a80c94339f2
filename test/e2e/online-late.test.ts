/**
 * Online reception closes on time (issue 35, decision 050) in real Chromium against the real server, its
 * clock moved by hand through Tuesday 2026-11-24: staff turn the setting on in /admin/schedule's settings
 * form (1920×1080), the morning's queue grows past the period, the server closes online reception, and the
 * installed app's book screen (390×844) says why, in Japanese and in English, with the evening's opening, as
 * does LINE's closed page.
 * Screenshots and axe on each new state.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ScheduleForStaff } from '../../src/shared/schedule/types.js';
import { manualClock, type ManualClock } from '../support/clock.js';
import { seedHistory } from '../support/estimate-history.js';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';
import { openPatientViewer, type Opened } from './support/viewers.js';

const PHONE_SCREEN = { width: 390, height: 844 };
const jst = (hhmm: string) => new Date(Date.parse(`2026-11-24T${hhmm}:00+09:00`));
const LATE_JA = '本日は診療時間内に順番が回らない見込みのため、オンライン受付を終了しました';
const LATE_EN = "Online reception has closed: your turn is not expected to come within today's consultation hours";

describeBrowser('online reception closes on time', () => {
  let clock: ManualClock;
  const screen = staffScreen({
    per: 'file',
    server: () => {
      clock = manualClock(jst('09:20'));
      return { clock };
    },
  });
  let desk: BrowserContext;
  const staff = <T>(name: string, data?: unknown) => screen.staff<T>(name, data);
  const opened: Opened[] = [];

  beforeAll(async () => {
    await seedHistory(screen.server.store, { weeks: 4, gapMinutes: 5, now: jst('09:20') });
    desk = await screen.openDesk();
    await desk.clock.setFixedTime(jst('09:20'));
  });
  afterAll(async () => {
    for (const viewer of opened) await viewer.close();
  });

  it('staff turn it on in the settings form, with a margin, and it is saved', async () => {
    const page = await desk.newPage();
    await page.goto(`${screen.server.url}/admin/schedule`);
    const form = page.getByRole('form', { name: '受付の設定' });
    await form.waitFor();
    const box = form.getByRole('checkbox', { name: '診療時間内に順番が回らない見込みになったら、オンライン受付を自動で終了する' });
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await form.getByRole('spinbutton', { name: '終了の基準（診療終了の何分前、0〜120）' }).fill('15');
    await form.getByRole('button', { name: '設定を保存' }).click();
    await form.getByText('受付の設定を保存しました。').waitFor();
    expect((await staff<ScheduleForStaff>('getSchedule', { month: '2026-11' })).schedule.settings).toMatchObject({
      closeOnlineWhenLate: true,
      lateMarginMinutes: 15,
    });
    expect(await box.getAttribute('aria-describedby')).toBe('schedule-late-note');
    expect(await form.innerText()).toContain('確認は1分ごと、各時間帯に1回までです');
    await form.screenshot({ path: screenshotPath('admin-schedule-online-late') });
    await expectNoAxeViolations(page, 'admin-schedule-online-late');
    await page.close();
  });

  it('closes the morning once 25 wait, and the book screen says why (ja)', async () => {
    await staff('startInhouseReception');
    await clock.advanceTo(jst('09:30'));
    for (let i = 0; i < 25; i++) await staff('allocateNextSlot', { reservedType: 'ADMIN' });
    await clock.advanceTo(jst('09:31')); // 9:31 + 127.5 min = 11:40 > 11:30 − 15
    const page = await bookScreen('ja-JP');
    const card = page.getByRole('region', { name: LATE_JA });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('次回のオンライン受付：本日 17:00から');
    expect(text).not.toContain('ただいまオンライン受付時間外です');
    expect(await page.getByRole('button', { name: '受付番号を取得する' }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('pwa-closed-late-ja') });
    await expectNoAxeViolations(page, 'pwa-closed-late-ja');
  });

  it('says it in English to an English reader', async () => {
    const page = await bookScreen('en-US');
    const card = page.getByRole('region', { name: LATE_EN });
    await card.waitFor();
    expect(await card.innerText()).toContain('Next online reception: today from 17:00');
    await page.screenshot({ path: screenshotPath('pwa-closed-late-en') });
    await expectNoAxeViolations(page, 'pwa-closed-late-en');
  });

  it("says it on LINE's closed page too (/line/closed)", async () => {
    const viewer = await openPatientViewer('phone', screen.server.url, { locale: 'ja-JP', viewport: PHONE_SCREEN });
    opened.push(viewer);
    await viewer.page.context().clock.setFixedTime(clock.now());
    await viewer.page.goto(`${screen.server.url}/line/closed`);
    const main = viewer.page.locator('main');
    await main.getByRole('heading', { level: 1, name: LATE_JA }).waitFor();
    expect(await main.innerText()).toContain('次回のオンライン受付：本日 17:00から');
    await expectNoAxeViolations(viewer.page, 'line-closed-late');
  });

  it('staff reopening by hand brings the button back', async () => {
    const page = opened[0]!.page;
    await staff('startOnlineReception');
    await page.getByRole('button', { name: '受付番号を取得する' }).waitFor();
    expect(await page.getByRole('region', { name: LATE_JA }).count()).toBe(0);
  });

  /** The installed app's book screen at 390×844, its clock at the server's time. */
  async function bookScreen(locale: string): Promise<Page> {
    const viewer = await openPatientViewer('pwa', screen.server.url, { locale, viewport: PHONE_SCREEN });
    opened.push(viewer);
    await viewer.page.context().clock.setFixedTime(clock.now());
    await viewer.page.goto(`${screen.server.url}/pwa/book`);
    expect(viewer.page.viewportSize()).toEqual(PHONE_SCREEN);
    return viewer.page;
  }
});
