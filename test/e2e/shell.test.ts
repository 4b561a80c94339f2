import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeBrowser, launchBrowser, PHONES, screenshotPath } from './support/browser.js';

describeBrowser('client shell', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ clientDir: inject('clientDir') });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the not-installed page on any other top-level path', async () => {
    const page = await browser.newPage(PHONES.android);
    await page.goto(`${server.url}/somewhere/else`);
    await expect(page.getByRole('heading', { name: 'Webアプリがインストールされていません。' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('not-installed') });
    await page.close();
  });

  it('shows the global error screen when a route-set chunk fails to load', async () => {
    const page = await browser.newPage(PHONES.android);
    await page.route(/\/assets\/WebApp-.*\.js$/, (route) => route.abort());
    await page.goto(`${server.url}/web/all`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text).toContain('エラーが発生しました');
    expect(text).toContain('Loading chunk failed');
    expect(text).toContain(`${server.url}/web/all`);
    expect(text).toContain('Mozilla/5.0');
    for (const name of ['再読み込み', '戻る', '詳細をコピー']) {
      expect(await page.getByRole('button', { name }).isVisible()).toBe(true);
    }
    await page.screenshot({ path: screenshotPath('error-screen') });
    await page.close();
  });
});
