/**
 * The estimated wait and now calling in real Chromium (issue 14): a patient's own reservation and the full
 * list at phone size (390×844), the public page, and the wall monitor at 1920×1080, all following the
 * public stream live as staff start consultations. The clinic has four weeks of history of the same kind
 * of session, so the estimate is there from the opening.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, it } from 'vitest';
import { openReception } from '../api/api-support.js';
import { mustCall, staffCookie } from '../support/client.js';
import { seedHistory } from '../support/estimate-history.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { DESK } from './admin-support.js';
import { describeBrowser, launchBrowser, PHONES, screenshotPath } from './support/browser.js';
import { type InstalledApp, launchInstalledApp, mainText, takeNumberInApp } from './pwa-support.js';

const RANGE = /約\d+〜\d+分/;
const EXPECTED = /（\d{2}:\d{2}ごろ）/;
const PHONE_SCREEN = { width: 390, height: 844 };

describeBrowser('estimated wait and now calling', () => {
  let server: TestServer;
  let app: InstalledApp | undefined;
  let browser: Browser;
  let cookie: string;
  let taken: { slotId: string; reservationNumber: number }[];
  const staff = <T>(name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie });

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  /** Each test's clinic day: four weeks of history, reception open, walk-ins 1-8, number 1 in consultation. */
  beforeEach(async () => {
    server = await startTestServer({ clientDir: inject('clientDir') });
    cookie = await staffCookie(server.url, server.store);
    await seedHistory(server.store, { weeks: 4, gapMinutes: 5 });
    await openReception(server.url, cookie);
    taken = [];
    for (let i = 0; i < 8; i++) taken.push(await staff('allocateNextSlot', { reservedType: 'ADMIN' }));
    await staff('markSlot', { slotId: taken[0]!.slotId, action: 'start' });
  });
  afterEach(async () => {
    await app?.context.close();
    app = undefined;
    await server?.close();
  });

  const page = () => app!.page;

  /** The installed app at phone size, on its book screen. */
  async function openApp() {
    app = await launchInstalledApp(`${server.url}/pwa/`, { phone: 'iphone' });
    await page().waitForURL(`${server.url}/pwa/book`);
    // The phone's whole screen (the device profile's viewport leaves room for Safari's bars).
    await page().setViewportSize(PHONE_SCREEN);
  }

  /** Number 2 called in as well (the first test watches that happen live). */
  const secondStarted = () => staff('markSlot', { slotId: taken[1]!.slotId, action: 'start' });

  it('shows a patient their range, expected time and who is being seen, updated live', async () => {
    await openApp();
    await page().getByRole('button', { name: '受付番号を取得する' }).click();
    await page().waitForURL(`${server.url}/pwa/my`);
    await expect.poll(() => mainText(page())).toContain('ただいま 1番の方を診察中');
    const text = await mainText(page());
    expect(text).toContain('9番');
    expect(text).toContain('あなたの前に 7人');
    expect(text).toContain('お呼びするまでの目安');
    expect(text).toMatch(RANGE);
    expect(text).toMatch(EXPECTED);
    await page().screenshot({ path: screenshotPath('estimate-pwa-my') });

    await staff('markSlot', { slotId: taken[1]!.slotId, action: 'start' });
    await expect.poll(() => mainText(page())).toContain('ただいま 2番の方を診察中');
    await expect.poll(() => mainText(page())).toContain('あなたの前に 6人');
  });

  it('shows the same on the full list, beside the patient’s own row', async () => {
    await openApp();
    expect((await takeNumberInApp(page(), server.url)).reservationNumber).toBe(9);
    await secondStarted();
    await page().goto(`${server.url}/pwa/all`);
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
    const web: Page = await browser.newPage({ ...PHONES.iphone, viewport: PHONE_SCREEN });
    await web.goto(`${server.url}/web/all`);
    await expect.poll(() => mainText(web)).toContain('今から受付した場合の待ち時間の目安');
    expect(await mainText(web)).toContain('ただいま 2番の方を診察中');
    expect(await mainText(web)).toMatch(RANGE);
    await web.screenshot({ path: screenshotPath('estimate-web-all') });
    await web.close();
  });

  it('shows now calling and the newcomer’s wait on the wall monitor, without pushing the queue off screen', async () => {
    await secondStarted();
    const monitor = await browser.newPage(DESK);
    await monitor.goto(`${server.url}/admin/monitor`);
    await monitor.getByText('ただいま 2番の方を診察中').waitFor();
    const line = await monitor.locator('.monitor-estimate').innerText();
    expect(line).toContain('今から受付の方の待ち時間の目安');
    expect(line).toMatch(RANGE);
    await staff('markSlot', { slotId: taken[2]!.slotId, action: 'start' });
    await monitor.getByText('ただいま 3番の方を診察中').waitFor();
    const scrolls = await monitor.evaluate(() => document.scrollingElement!.scrollHeight > innerHeight);
    expect(scrolls).toBe(false);
    await monitor.screenshot({ path: screenshotPath('estimate-monitor') });
    await monitor.close();
  });
});
