/**
 * The estimated wait and now calling in real Chromium (issue 14): a patient's own reservation and the full
 * list at phone size (390×844), the public page, and the wall monitor at 1920×1080, all following the
 * public stream live as staff start consultations. The clinic has four weeks of history of the same kind
 * of session, so the estimate is there from the opening.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { seedHistory } from '../support/estimate-history.js';
import { DESK } from './admin-support.js';
import { describeBrowser, PHONES, screenshotPath } from './support/browser.js';
import { type InstalledApp, launchInstalledApp, mainText, takeNumberInApp } from './pwa-support.js';
import { staffScreen } from './support/staff-screen.js';

const RANGE = /約\d+〜\d+分/;
const EXPECTED = /（\d{2}:\d{2}ごろ）/;
const PHONE_SCREEN = { width: 390, height: 844 };

describeBrowser('estimated wait and now calling', () => {
  const screen = staffScreen();
  let app: InstalledApp | undefined;
  let taken: { slotId: string; reservationNumber: number }[];
  /** Each test's clinic day: four weeks of history, reception open, walk-ins 1-8, number 1 in consultation. */
  beforeEach(async () => {
    await seedHistory(screen.server.store, { weeks: 4, gapMinutes: 5 });
    await screen.openReception();
    taken = [];
    for (let i = 0; i < 8; i++) taken.push(await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' }));
    await screen.staff('markSlot', { slotId: taken[0]!.slotId, action: 'start' });
  });
  afterEach(async () => {
    await app?.context.close();
    app = undefined;
  });

  const page = () => app!.page;

  /** The installed app at phone size, on its book screen. */
  async function openApp() {
    app = await launchInstalledApp(`${screen.server.url}/pwa/`, { phone: 'iphone' });
    await page().waitForURL(`${screen.server.url}/pwa/book`);
    // The phone's whole screen (the device profile's viewport leaves room for Safari's bars).
    await page().setViewportSize(PHONE_SCREEN);
  }

  /** Number 2 called in as well (the first test watches that happen live). */
  const secondStarted = () => screen.staff('markSlot', { slotId: taken[1]!.slotId, action: 'start' });

  it('shows a patient their range, expected time and who is being seen, updated live', async () => {
    await openApp();
    await page().getByRole('button', { name: '受付番号を取得する' }).click();
    await page().waitForURL(`${screen.server.url}/pwa/my`);
    await expect.poll(() => mainText(page())).toContain('ただいま 1番の方を診察中');
    const text = await mainText(page());
    expect(text).toContain('9番');
    expect(text).toContain('あなたの前に 7人');
    expect(text).toContain('お呼びするまでの目安');
    expect(text).toMatch(RANGE);
    expect(text).toMatch(EXPECTED);
    await page().screenshot({ path: screenshotPath('estimate-pwa-my') });

    await screen.staff('markSlot', { slotId: taken[1]!.slotId, action: 'start' });
    await expect.poll(() => mainText(page())).toContain('ただいま 2番の方を診察中');
    await expect.poll(() => mainText(page())).toContain('あなたの前に 6人');
  });

  it('shows the same on the full list, beside the patient’s own row', async () => {
    await openApp();
    expect((await takeNumberInApp(page(), screen.server.url)).reservationNumber).toBe(9);
    await secondStarted();
    await page().goto(`${screen.server.url}/pwa/all`);
    await expect.poll(() => mainText(page())).toContain('ただいま 2番の方を診察中');
    // The own row is known once the patient's reservation has been read.
    await expect.poll(() => mainText(page())).toContain('お呼びするまでの目安');
    const text = await mainText(page());
    expect(text).toContain('あなたの前に 6人');
    expect(text).toMatch(RANGE);
    expect(text).toMatch(EXPECTED);
    await page().screenshot({ path: screenshotPath('estimate-pwa-all') });
  });

  it('shows the public the wait for someone taking a number now', async () => {
    await secondStarted();
    const web: Page = await screen.browser.newPage({ ...PHONES.iphone, viewport: PHONE_SCREEN });
    await web.goto(`${screen.server.url}/web/all`);
    await expect.poll(() => mainText(web)).toContain('今から受付した場合の待ち時間の目安');
    expect(await mainText(web)).toContain('ただいま 2番の方を診察中');
    expect(await mainText(web)).toMatch(RANGE);
    await web.screenshot({ path: screenshotPath('estimate-web-all') });
    await web.close();
  });

  it('shows now calling and the newcomer’s wait on the wall monitor, without pushing the queue off screen', async () => {
    await secondStarted();
    const monitor = await screen.browser.newPage(DESK);
    await monitor.goto(`${screen.server.url}/admin/monitor`);
    await monitor.getByText('ただいま 2番の方を診察中').waitFor();
    const line = await monitor.locator('.monitor-estimate').innerText();
    expect(line).toContain('今から受付の方の待ち時間の目安');
    expect(line).toMatch(RANGE);
    await screen.staff('markSlot', { slotId: taken[2]!.slotId, action: 'start' });
    await monitor.getByText('ただいま 3番の方を診察中').waitFor();
    const scrolls = await monitor.evaluate(() => document.scrollingElement!.scrollHeight > innerHeight);
    expect(scrolls).toBe(false);
    await monitor.screenshot({ path: screenshotPath('estimate-monitor') });
    await monitor.close();
  });
});
