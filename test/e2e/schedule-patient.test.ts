/**
 * The clinic calendar on the patient screens in real Chromium at phone size (390×844) against the real
 * server, its clock moved by hand through a week in November 2026: the closed card and the full list
 * with today's real online hours and the next opening (this evening, tomorrow, after a Sunday and a
 * holiday), a dated note, the holiday's closing, and the public page's week ahead.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, it } from 'vitest';
import { manualClock, type ManualClock } from '../support/clock.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { staffApi } from './admin-support.js';
import { describeBrowser, launchBrowser, PHONES, screenshotPath } from './support/browser.js';
import { type InstalledApp, launchInstalledApp, mainText } from './pwa-support.js';

describeBrowser('the clinic calendar on the patient screens', () => {
  let server: TestServer;
  let clock: ManualClock;
  let browser: Browser;
  let web: BrowserContext;
  let app: InstalledApp;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  // Each test starts on its own server at Friday noon (the clock only moves forward), with the Saturday note.
  beforeEach(async () => {
    clock = manualClock('2026-11-20T03:00:00.000Z'); // Friday 12:00 in Tokyo
    server = await startTestServer({ clientDir: inject('clientDir'), clock });
    const staff = await staffApi(server);
    await staff('saveScheduleOverride', { date: '2026-11-21', periods: [{ start: '09:00', end: '11:30' }], note: '11/21は午前のみの診療です' });
    web = await browser.newContext(PHONES.iphone);
    await web.clock.setFixedTime(clock.now());
    app = await launchInstalledApp(`${server.url}/pwa/`, { phone: 'iphone' });
    await app.context.clock.setFixedTime(clock.now());
  });
  afterEach(async () => {
    await app?.context.close();
    await web?.close();
    await server?.close();
  });

  /** Moves the server's clock and both browsers' to a Tokyo time. */
  async function at(iso: string) {
    await clock.advanceTo(iso);
    await web.clock.setFixedTime(new Date(iso));
    await app.context.clock.setFixedTime(new Date(iso));
  }
  const closedCard = (page: Page) => page.getByRole('region', { name: 'ただいまオンライン受付時間外です' });
  async function bookScreen(): Promise<Page> {
    await app.page.goto(`${server.url}/pwa/book`);
    await closedCard(app.page).locator('.today-hours').waitFor();
    return app.page;
  }

  it("shows today's hours and this evening's opening on the closed card and the full list", async () => {
    const page = await bookScreen();
    const card = await closedCard(page).innerText();
    expect(card).toContain('本日のオンライン受付時間　9:30〜11:00 ／ 17:00〜18:30');
    expect(card).toContain('次回のオンライン受付：本日 17:00から');
    // The real hours, not the fixed text kept for when the calendar cannot be had.
    expect(await closedCard(page).locator('.closed-hours').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('pwa-closed-card') });

    await page.goto(`${server.url}/pwa/all`);
    await page.locator('.next-opening').waitFor();
    expect(await mainText(page)).toContain('次回のオンライン受付：本日 17:00から');
    expect(await mainText(page)).toContain('本日のオンライン受付時間　9:30〜11:00 ／ 17:00〜18:30');
    await page.screenshot({ path: screenshotPath('pwa-all-schedule') });
  });

  it("shows the week ahead on the public page: hours, the Saturday note, Sunday and the holiday closed", async () => {
    const page = await web.newPage();
    await page.goto(`${server.url}/web/all`);
    const week = page.getByRole('table', { name: 'オンライン受付時間（今後1週間）' });
    await week.waitFor();
    const rows = (await week.locator('tbody tr').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual([
      '11/20(金) 本日 9:30〜11:00 ／ 17:00〜18:30',
      '11/21(土) 9:30〜11:00 11/21は午前のみの診療です',
      '11/22(日) 休診',
      '11/23(月) 休診（勤労感謝の日）',
      '11/24(火) 9:30〜11:00 ／ 17:00〜18:30',
      '11/25(水) 9:30〜11:00 ／ 17:00〜18:30',
      '11/26(木) 9:30〜11:00 ／ 17:00〜18:30',
    ]);
    expect(await mainText(page)).toContain('次回のオンライン受付：本日 17:00から');
    await page.screenshot({ path: screenshotPath('web-all-week'), fullPage: true });
    await page.close();
  });

  it("says tomorrow once today's windows are over, with tomorrow's note", async () => {
    await at('2026-11-20T10:30:00.000Z'); // 19:30
    const card = await closedCard(await bookScreen()).innerText();
    expect(card).toContain('次回のオンライン受付：明日 9:30から');
    expect(card).toContain('11/21は午前のみの診療です');
    await app.page.screenshot({ path: screenshotPath('pwa-closed-tomorrow') });
  });

  it('names the date after a Sunday and a holiday, and says the holiday is closed', async () => {
    await at('2026-11-22T03:00:00.000Z'); // Sunday 12:00
    let card = await closedCard(await bookScreen()).innerText();
    expect(card).toContain('本日は休診日です');
    expect(card).toContain('次回のオンライン受付：11/24(火) 9:30から');

    await at('2026-11-23T03:00:00.000Z'); // 勤労感謝の日 12:00
    card = await closedCard(await bookScreen()).innerText();
    expect(card).toContain('本日は祝日のため休診です');
    expect(card).toContain('次回のオンライン受付：明日 9:30から');
    await app.page.screenshot({ path: screenshotPath('pwa-closed-holiday') });
  });
});
