/**
 * Issue 14 in real Chromium: a patient chooses their own notice under the clinic's announcement (phone,
 * 390×844), the wall monitor shows the banner (1920×1080), and staff post, send after seeing the LINE count,
 * and take it down from the queue screen (1920×1080), with every screen following live. Each test has its
 * own clinic day (a fresh server) and sets up first, through the API, the announcement and number it reads.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { mustCall, pwaPatient } from '../support/client.js';
import { DESK } from './admin-support.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { type InstalledApp, launchInstalledApp, mainText, takeNumberInApp } from './pwa-support.js';
import { staffScreen } from './support/staff-screen.js';

const TEXT = 'ただいま大変混み合っています';

describeBrowser('own notice and clinic announcements', () => {
  const screen = staffScreen({ server: () => ({ env: { CLINIC_NAME: 'さくらクリニック' } }), reception: 'both' });
  let app: InstalledApp | undefined;
  let desk: BrowserContext | undefined;
  let monitor: Page | undefined;
  /** Each test's clinic day: reception open and walk-ins 1-8, so an online number is 9. */
  beforeEach(async () => {
    for (let i = 0; i < 8; i++) await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
  });
  afterEach(async () => {
    await app?.context.close();
    app = undefined;
    await desk?.close();
    desk = undefined;
    await monitor?.close();
    monitor = undefined;
  });

  /** The clinic's announcement TEXT, posted for the next two hours. */
  const announced = () => screen.staff('setAnnouncement', { text: TEXT, until: new Date(Date.now() + 2 * 3_600_000).toISOString() });

  async function openApp(): Promise<Page> {
    app = await launchInstalledApp(`${screen.server.url}/pwa/`, { phone: 'iphone' });
    // The phone's whole screen (iPhone 13: 390×844), as the patient sees the installed app.
    await app.page.setViewportSize({ width: 390, height: 844 });
    return app.page;
  }

  async function openMonitor(): Promise<Page> {
    monitor = await screen.browser.newPage(DESK);
    await monitor.goto(`${screen.server.url}/admin/monitor`);
    return monitor;
  }

  async function openDesk(): Promise<Page> {
    desk = await screen.openDesk();
    const page = await desk.newPage();
    await page.goto(`${screen.server.url}/admin/queue`);
    return page;
  }

  it('shows a patient the banner and lets them choose when to be told (390×844)', async () => {
    await announced();
    const page = await openApp();
    await page.goto(`${screen.server.url}/pwa/book`);
    await page.getByRole('status', { name: '医院からのお知らせ' }).getByText(TEXT).waitFor();
    const take = page.getByRole('button', { name: '受付番号を取得する' });
    await expect.poll(() => take.isEnabled()).toBe(true);
    await take.click();
    await page.waitForURL(`${screen.server.url}/pwa/my`);
    await expect.poll(() => mainText(page)).toContain('あなたの前に 8人');
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([390, 844]);
    const banner = page.getByRole('status', { name: '医院からのお知らせ' });
    expect(await banner.innerText()).toContain(TEXT);

    const chooser = page.getByRole('combobox', { name: /お知らせを受け取るタイミング/ });
    expect(await chooser.inputValue()).toBe('5');
    await chooser.selectOption('3');
    await page.getByText('前に3人になったら、一度だけお知らせします。').waitFor();
    // Saved on the server, not only shown: the patient holds number 9.
    const row = await screen.server.store.db.selectFrom('reservation_slots').select('notice_threshold').where('reservation_number', '=', 9).executeTakeFirstOrThrow();
    expect(row.notice_threshold).toBe(3);
    await page.screenshot({ path: screenshotPath('notice-pwa-my-banner-chooser') });

    await page.goto(`${screen.server.url}/web/all`);
    await page.getByRole('status', { name: '医院からのお知らせ' }).getByText(TEXT).waitFor();
  });

  it('shows the banner on the wall monitor (1920×1080), and the 5前通知 column shows the chosen threshold', async () => {
    // The first test's patient, through the API: number 9 booked online, to be told at 3 ahead.
    await announced();
    const patient = await pwaPatient(screen.server.url);
    const nine = await mustCall<{ slotId: string; reservationNumber: number }>(
      screen.server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token },
    );
    expect(nine.reservationNumber).toBe(9);
    await mustCall(screen.server.url, 'setMyNoticeThreshold', { slotId: nine.slotId, threshold: 3 }, { token: patient.token });
    const monitor = await openMonitor();
    await monitor.getByRole('status', { name: '医院からのお知らせ' }).getByText(TEXT).waitFor();
    await monitor.getByRole('heading', { name: 'ただいま 9人 お待ちです' }).waitFor();
    const scrolls = await monitor.evaluate(() => document.scrollingElement!.scrollHeight > innerHeight);
    expect(scrolls).toBe(false);
    await monitor.screenshot({ path: screenshotPath('notice-monitor-banner') });

    const desk = await openDesk();
    const row9 = desk.getByRole('row').filter({ has: desk.getByRole('rowheader', { name: '9番', exact: true }) });
    await expect.poll(() => row9.getByRole('cell').nth(3).innerText()).toBe('3人前');
    // The patient's online number was announced to the desk when the list first loaded: acknowledge it.
    const arrival = desk.getByRole('alertdialog', { name: '新しいオンライン予約' });
    await arrival.getByRole('button', { name: '閉じる' }).click();
    await arrival.waitFor({ state: 'detached' });
  });

  it('lets staff post, preview, send once and take down an announcement, every screen following live', async () => {
    // The announcement up, and number 9 the installed app's, seen there, on the wall and at the desk
    // (its arrival already announced by a desk not open here, so no modal covers the panel).
    await announced();
    const patientScreen = await openApp();
    const nine = await takeNumberInApp(patientScreen, screen.server.url);
    expect(nine.reservationNumber).toBe(9);
    await screen.staff('claimAdminBeep', { slotId: nine.slotId });
    await patientScreen.goto(`${screen.server.url}/pwa/my`);
    await patientScreen.getByRole('status', { name: '医院からのお知らせ' }).getByText(TEXT).waitFor();
    const monitor = await openMonitor();
    await monitor.getByRole('status', { name: '医院からのお知らせ' }).getByText(TEXT).waitFor();
    const desk = await openDesk();
    const panel = desk.getByRole('region', { name: '医院からのお知らせ' });
    await panel.getByText(`掲示中：${TEXT}`).waitFor();
    await panel.getByRole('button', { name: '取り下げる' }).click();
    await panel.getByText('掲示中のお知らせはありません').waitFor();
    await monitor.getByRole('status', { name: '医院からのお知らせ' }).waitFor({ state: 'detached' });

    await panel.getByLabel('お知らせの文面（200文字まで）').fill('本日は午後休診です。お大事になさってください');
    await panel.getByLabel('表示期限').selectOption('today');
    await panel.getByRole('button', { name: '掲示する' }).click();
    await monitor.getByText('本日は午後休診です。お大事になさってください').waitFor();
    await patientScreen.getByText('本日は午後休診です。お大事になさってください').waitFor();

    await panel.getByRole('button', { name: '待っている患者様に送信…' }).click();
    const dialog = desk.getByRole('dialog', { name: 'お知らせを送信しますか？' });
    await dialog.getByText('お待ちの患者様 1人 ／ LINE 0通 ／ Web Push 0通（届けられない方 1人）').waitFor();
    await desk.screenshot({ path: screenshotPath('notice-admin-announcement-panel') });
    await dialog.getByRole('button', { name: 'LINE 0通を使って送信する' }).click();
    await panel.getByText(/送信済み（\d{2}:\d{2}）/).waitFor();
    expect(await panel.getByRole('button', { name: '待っている患者様に送信…' }).count()).toBe(0);

    // A new announcement right after cannot be sent to everyone yet: the refusal says how long to wait.
    await panel.getByLabel('お知らせの文面（200文字まで）').fill('本日は17時で受付を終了します');
    await panel.getByRole('button', { name: '掲示する' }).click();
    await panel.getByText('掲示中：本日は17時で受付を終了します').waitFor();
    await panel.getByRole('button', { name: '待っている患者様に送信…' }).click();
    await dialog.getByRole('button', { name: 'LINE 0通を使って送信する' }).click();
    const refusal = desk.getByRole('alertdialog', { name: '操作できませんでした' });
    await refusal.getByText('お知らせの送信は15分に1回までです。あと15分お待ちください。').waitFor();
    await refusal.getByRole('button', { name: 'OK' }).click();
    await refusal.waitFor({ state: 'detached' });
    expect(await panel.getByRole('button', { name: '待っている患者様に送信…' }).count()).toBe(1);
    const actions = (await screen.staff<{ entries: { action: string }[] }>('getAuditLog', {})).entries.map((e) => e.action);
    expect(actions.filter((a) => a.startsWith('announcement.'))).toEqual([
      'announcement.set',
      'announcement.send',
      'announcement.set',
      'announcement.clear',
      'announcement.set',
    ]);
  });
});
