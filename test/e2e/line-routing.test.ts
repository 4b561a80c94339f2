/**
 * /line routing by device in real Chromium (docs/product.md, "/line"): desktop visitors leave for the clinic's site,
 * mobile browsers outside LINE get the "open in LINE" page for the page they asked for, and inside LINE
 * unknown paths and an empty /reserved fall back to /line/book.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject, it } from 'vitest';
import { lineWebEnv, startFakeLine, type FakeLine } from '../fakes/line-server.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeBrowser, launchBrowser, PHONES, screenshotPath } from './support/browser.js';

const LIFF_ID = '1650000000-AbCdEfGh';
const CLINIC_SITE = 'https://clinic.example/';
const DESKTOP: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  locale: 'ja-JP',
  timezoneId: 'Asia/Tokyo',
};
const LINE_IN_APP = { ...PHONES.android, userAgent: `${PHONES.android.userAgent} Line/15.12.1` };

describeBrowser('LINE mini-app routing', () => {
  let fake: FakeLine;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    fake = await startFakeLine();
    server = await startTestServer({
      env: { ...lineWebEnv(fake), LINE_LIFF_ID: LIFF_ID, CLINIC_SITE_URL: CLINIC_SITE },
      clientDir: inject('clientDir'),
    });
    browser = await launchBrowser();
  });
  afterEach(() => {
    expect(fake.unexpected).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fake?.close();
  });

  async function open(options: BrowserContextOptions, path: string): Promise<Page> {
    const context = await browser.newContext(options);
    // The clinic's own site is outside this closed network: answer for it here.
    await context.route(`${CLINIC_SITE}**`, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<h1>clinic site</h1>' }),
    );
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    return page;
  }

  it('sends desktop visitors to the clinic site, whatever /line page they asked for', async () => {
    for (const path of ['/line/book', '/line/my', '/line/all', '/line/nowhere']) {
      const page = await open(DESKTOP, path);
      await page.waitForURL(CLINIC_SITE);
      await page.context().close();
    }
  });

  it('sends mobile browsers outside LINE to /open-in-line with the page they asked for', async () => {
    const cases: [string, string, string][] = [
      ['/line/book', 'book', 'book'],
      ['/line/all', 'all', 'all'],
      ['/line/my', 'my', 'my'],
      ['/line/reserved', 'reservation', 'my'],
      ['/line/elsewhere', 'book', 'book'],
      // A LIFF link opened outside LINE: the page rides in liff.state.
      ['/line?liff.state=%2Fall', 'all', 'all'],
    ];
    for (const phone of [PHONES.iphone, PHONES.android]) {
      const page = await open(phone, '/line/closed');
      for (const [path, to, liffPage] of cases) {
        await page.goto(`${server.url}${path}`);
        await page.waitForURL(`${server.url}/line/open-in-line?to=${to}`);
        const button = page.getByRole('link', { name: 'LINEで開く' });
        expect(await button.getAttribute('href')).toBe(`https://liff.line.me/${LIFF_ID}/${liffPage}`);
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('LINEアプリからご利用ください');
        if (path === '/line/book' && phone === PHONES.iphone) {
          await page.screenshot({ path: screenshotPath('line-open-in-line'), fullPage: true });
        }
      }
      await page.context().close();
    }
  });

  it('shows the closed card to anyone on a phone', async () => {
    for (const options of [PHONES.android, LINE_IN_APP]) {
      const page = await open(options, '/line/closed');
      const main = page.locator('main');
      await main.getByRole('heading', { name: 'ただいまオンライン受付時間外です' }).waitFor();
      // The clinic calendar's own hours (issue 13): a test server without a clock stands on Sunday
      // 2026-11-22 12:00 in Tokyo, and Monday 11/23 is 勤労感謝の日.
      await main.locator('.next-opening').waitFor();
      expect(await main.innerText()).toContain('本日は休診日です');
      expect(await main.innerText()).toContain('次回のオンライン受付：11/24(火) 9:30から');
      expect(await main.innerText()).toContain('診察開始後30分間と、診察終了前30分間');
      expect(page.url()).toBe(`${server.url}/line/closed`);
      if (options === PHONES.android) await page.screenshot({ path: screenshotPath('line-closed'), fullPage: true });
      await page.context().close();
    }
  });

  it('inside LINE, sends unknown paths and an empty /reserved to /line/book', async () => {
    // One tab: the first visit signs in through LINE, the others reuse the session of the tab.
    const page = await open(LINE_IN_APP, '/line/closed');
    for (const path of ['/line', '/line/', '/line/whatever', '/line/reserved']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(`${server.url}/line/book`);
      // Reception is not open on this server: the book screen shows the closed card instead of the button.
      await page.getByRole('heading', { name: 'ただいまオンライン受付時間外です' }).waitFor();
      expect(await page.getByRole('button', { name: '受付番号を取得する' }).count()).toBe(0);
      if (path === '/line') await page.screenshot({ path: screenshotPath('line-book-closed'), fullPage: true });
    }
    await page.context().close();
  });

  it('inside LINE, /open-in-line?to=reservation links to the my page', async () => {
    const page = await open(LINE_IN_APP, '/line/open-in-line?to=reservation');
    const button = page.getByRole('link', { name: 'LINEで開く' });
    expect(await button.getAttribute('href')).toBe(`https://liff.line.me/${LIFF_ID}/my`);
    await page.context().close();
  });
});
