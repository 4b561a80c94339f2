import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, it } from 'vitest';
import { SLOTS_PER_SESSION } from '../../src/shared/queue/slot.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { deskContext, staffApi } from './admin-support.js';
import { describeBrowser, launchBrowser, screenshotPath } from './support/browser.js';

/**
 * The sidebar's next-number line through a session: stopped, counting, all issued, stream down. Each test
 * has its own clinic day (a fresh server, reception closed) and its own desk.
 */
describeBrowser('staff sidebar next number', () => {
  let server: TestServer;
  let browser: Browser;
  let desk: BrowserContext;
  let page: Page;
  let staff: Awaited<ReturnType<typeof staffApi>>;
  const line = () => page.locator('.next-number');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    server = await startTestServer({ clientDir: inject('clientDir') });
    staff = await staffApi(server);
    desk = await deskContext(browser, server);
    page = await desk.newPage();
    await page.goto(`${server.url}/admin/queue`);
  });
  afterEach(async () => {
    await desk?.close();
    await server?.close();
  });

  it('says in-house reception is stopped before it starts', async () => {
    await page.getByText('院内受付は停止中です', { exact: true }).waitFor();
    await expect(page.getByText('番号取得エラー').count()).resolves.toBe(0);
    await page.screenshot({ path: screenshotPath('admin-next-number-stopped') });
  });

  it('counts up, then says every number is issued', async () => {
    await staff('startInhouseReception');
    await page.getByText('次の受付番号 1番').waitFor();
    for (let taken = 0; taken < SLOTS_PER_SESSION; taken += 20) {
      await Promise.all(Array.from({ length: 20 }, () => staff('allocateNextSlot', { reservedType: 'ADMIN' })));
    }
    await page.getByText('すべての番号を発行済みです', { exact: true }).waitFor();
    await expect(line().innerText()).resolves.toBe('すべての番号を発行済みです');
    await page.screenshot({ path: screenshotPath('admin-next-number-all-issued') });
  });

  it('shows the error only when the stream cannot be read', async () => {
    const broken = await desk.newPage();
    await broken.route('**/api/live/admin', (route) => route.abort('connectionreset'));
    await broken.goto(`${server.url}/admin/queue`);
    await broken.getByText('番号取得エラー', { exact: true }).waitFor();
    await broken.getByText('接続が切れました。再接続しています…').waitFor();
    await broken.screenshot({ path: screenshotPath('admin-next-number-stream-down') });
    await broken.close();
  });
});
