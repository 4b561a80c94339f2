/**
 * "Leave home by" in real Chromium (docs/decisions/055): the installed app's card shows the latest time to
 * arrive under the range, and the notice chooser offers minutes before the turn beside people ahead; the
 * choice is saved and read back. At phone size (390×844) with a screenshot and axe. The clinic has four
 * weeks of history, so the estimate is there from the opening.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, it } from 'vitest';
import { openReception } from '../api/api-support.js';
import { mustCall, staffCookie } from '../support/client.js';
import { seedHistory } from '../support/estimate-history.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { axeViolations } from './support/axe.js';
import { describeBrowser, launchBrowser, screenshotPath } from './support/browser.js';
import { type InstalledApp, launchInstalledApp, mainText } from './pwa-support.js';

describeBrowser('leave home by', () => {
  let server: TestServer;
  let app: InstalledApp | undefined;
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    server = await startTestServer({ clientDir: inject('clientDir') });
    const cookie = await staffCookie(server.url, server.store);
    await seedHistory(server.store, { weeks: 4, gapMinutes: 5 });
    await openReception(server.url, cookie);
    for (let i = 0; i < 8; i++) await mustCall(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
  });
  afterEach(async () => {
    await app?.context.close();
    app = undefined;
    await server?.close();
  });

  it('shows the latest time to arrive and lets the patient be told by minutes before their turn', async () => {
    app = await launchInstalledApp(`${server.url}/pwa/`, { phone: 'iphone' });
    const page = app.page;
    await page.waitForURL(`${server.url}/pwa/book`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: '受付番号を取得する' }).click();
    await page.waitForURL(`${server.url}/pwa/my`);
    await expect.poll(() => mainText(page)).toMatch(/約\d+〜\d+分/);
    // The latest time to arrive is now plus the range's low edge, in Tokyo time, as the card's range says.
    const text = await mainText(page);
    const low = Number(/約(\d+)〜\d+分/.exec(text)?.[1]);
    expect(low).toBeGreaterThan(0);
    expect(text).toMatch(/遅くとも \d{2}:\d{2} までにお越しください/);

    const chooser = page.getByRole('combobox', { name: /お知らせを受け取るタイミング/ });
    await chooser.selectOption({ label: '早ければ30分で順番のとき' });
    await expect.poll(() => mainText(page)).toContain('早ければ30分で順番になるときに、一度だけお知らせします。');
    const row = await server.store.db.selectFrom('reservation_slots').select(['notice_minutes', 'notice_threshold']).where('reservation_number', '=', 9).where('reserved_type', '=', 'PWA').executeTakeFirstOrThrow();
    expect(row).toEqual({ notice_minutes: 30, notice_threshold: 5 });
    // Read back from the server after a reload: the choice stands.
    await page.reload();
    await expect.poll(() => chooser.inputValue()).toBe('m30');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('leave-home-pwa-my') });

    // People ahead again.
    await chooser.selectOption('4');
    await expect.poll(() => mainText(page)).toContain('前に4人になったら、一度だけお知らせします。');
  });
});
