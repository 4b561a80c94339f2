/**
 * The installed app at 200 % text (WCAG 2.2 AA 1.4.4, patients on old phones with large text): Chromium's
 * font-size preference doubled in the profile, as line-text-size.test.ts does for LINE, in an `--app` window
 * of a 412 px phone. Nothing may scroll sideways, and the footer must stay on screen without taking it over.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { type InstalledApp, launchInstalledApp } from './pwa-support.js';
import { staffScreen } from './support/staff-screen.js';

describeBrowser('PWA at 200 % text size', () => {
  // The installed app is a Chromium of its own.
  const screen = staffScreen({
    per: 'file',
    browser: false,
    server: () => ({ env: { VAPID_SUBJECT: 'mailto:it@clinic.example', PUSH_ALLOWED_HOSTS: '127.0.0.1' } }),
    reception: 'both',
  });
  let app: InstalledApp;
  let profileDir: string;

  beforeAll(async () => {
    for (let i = 0; i < 4; i++) await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    profileDir = mkdtempSync(join(tmpdir(), 'cq-chromium-pwa-200-'));
    mkdirSync(join(profileDir, 'Default'));
    const prefs = { webkit: { webprefs: { default_font_size: 32, default_fixed_font_size: 26 } } };
    writeFileSync(join(profileDir, 'Default', 'Preferences'), JSON.stringify(prefs));
    app = await launchInstalledApp(`${screen.server.url}/pwa/book`, { userDataDir: profileDir });
  });
  afterAll(async () => {
    await app?.context.close();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  });

  const page = () => app.page;

  async function expectFits(name: string) {
    const layout = await page().evaluate(() => {
      const footer = document.querySelector('.pwa-footer')?.getBoundingClientRect();
      return {
        rootFontPx: parseFloat(getComputedStyle(document.documentElement).fontSize),
        scrollWidth: document.documentElement.scrollWidth,
        width: window.innerWidth,
        height: window.innerHeight,
        footer: footer ? { top: footer.top, bottom: footer.bottom, height: footer.height } : null,
      };
    });
    expect(layout.rootFontPx).toBe(36); // global.css: 112.5 % of the user's 32 px
    expect(layout.scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(layout.width);
    if (layout.footer) {
      expect(Math.round(layout.footer.bottom)).toBe(layout.height);
      expect(layout.footer.height, `${name}: footer height`).toBeLessThan(layout.height * 0.3);
    }
    await page().screenshot({ path: screenshotPath(`${name}-200`) });
  }

  it('book, my and all fit a phone at 200 %, footer included', async () => {
    await page().waitForURL(`${screen.server.url}/pwa/book`);
    const take = page().getByRole('button', { name: '受付番号を取得する' });
    await expect.poll(() => take.isEnabled(), { timeout: 10_000 }).toBe(true);
    await page().getByRole('button', { name: '通知を許可する' }).waitFor();
    await expectFits('pwa-book');
    await take.click();
    await page().waitForURL(`${screen.server.url}/pwa/my`);
    await page().getByText('5番').waitFor();
    await expectFits('pwa-my');
    // The cancel button stays reachable by scrolling, above the footer.
    const cancel = page().getByRole('button', { name: '予約をキャンセルする' });
    await cancel.scrollIntoViewIfNeeded();
    const box = (await cancel.boundingBox())!;
    const footerTop = await page().evaluate(() => document.querySelector('.pwa-footer')!.getBoundingClientRect().top);
    expect(box.y + box.height).toBeLessThanOrEqual(footerTop);
    await page().getByRole('link', { name: '受付番号一覧' }).click();
    await page().waitForURL(`${screen.server.url}/pwa/all`);
    await page().locator('tr[aria-current="true"]').waitFor();
    await expectFits('pwa-all');
  });

  it('the install page fits too (in an ordinary tab of the same browser)', async () => {
    const tab = await app.context.newPage();
    await tab.goto(`${screen.server.url}/pwa/install`);
    // A new page of the app-mode browser is an ordinary tab: the gate keeps it on the install page.
    expect(await tab.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(false);
    await tab.getByRole('heading', { level: 1, name: 'アプリをホーム画面に追加してください' }).waitFor();
    const layout = await tab.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.width);
    await tab.screenshot({ path: screenshotPath('pwa-install-200'), fullPage: true });
    await tab.close();
  });
});
