/**
 * Usable at 200 % text (WCAG 2.2 AA 1.4.4): Chromium's own font-size preference doubled (16 px → 32 px,
 * written into the profile as the settings page would) on a phone-sized LINE in-app browser. Every
 * patient screen must still fit the width (no sideways scrolling), and the controls must stay on screen.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { adminSnapshot } from '../api/api-support.js';
import { lineWebEnv, startFakeLine } from '../fakes/line-server.js';
import { staffScreen } from './support/staff-screen.js';
import { describeBrowser, launchPersistent, PHONES, screenshotPath } from './support/browser.js';

const LINE_IN_APP = { ...PHONES.android, userAgent: `${PHONES.android.userAgent} Line/15.12.1` };

describeBrowser('LINE screens at 200 % text size', () => {
  // The phone's browser is a Chromium of its own (a profile with the doubled font size).
  const screen = staffScreen({ per: 'file', browser: false, fake: startFakeLine, server: (fake) => ({ env: lineWebEnv(fake) }), reception: 'both' });
  let context: BrowserContext;
  let profileDir: string;
  let page: Page;

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    const { slots } = await adminSnapshot<{ slots: { id: string; reservationNumber: number }[] }>(screen.server.url, screen.cookie);
    await screen.staff('markSlot', { slotId: slots[0].id, action: 'hold' });
    // Chromium's "Font size" setting lives in the profile's Preferences; a fresh profile with it doubled.
    profileDir = mkdtempSync(join(tmpdir(), 'cq-chromium-200-'));
    mkdirSync(join(profileDir, 'Default'));
    const prefs = { webkit: { webprefs: { default_font_size: 32, default_fixed_font_size: 26 } } };
    writeFileSync(join(profileDir, 'Default', 'Preferences'), JSON.stringify(prefs));
    context = await launchPersistent(profileDir, LINE_IN_APP);
    page = context.pages()[0] ?? (await context.newPage());
  });
  afterEach(() => {
    expect(screen.fake.unexpected).toEqual([]);
  });
  afterAll(async () => {
    await context?.close();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  });

  async function expectFits(name: string) {
    const layout = await page.evaluate(() => ({
      rootFontPx: parseFloat(getComputedStyle(document.documentElement).fontSize),
      scrollWidth: document.documentElement.scrollWidth,
      width: window.innerWidth,
    }));
    // global.css sets 112.5 % of the user's size: 18 px normally, 36 px here.
    expect(layout.rootFontPx).toBe(36);
    expect(layout.scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(layout.width);
    await page.screenshot({ path: screenshotPath(`${name}-200`), fullPage: true });
  }

  async function expectInside(name: string) {
    const box = await page.getByRole('button', { name }).boundingBox();
    const width = await page.evaluate(() => window.innerWidth);
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }

  it('book, my and all fit a phone at 200 %', async () => {
    await page.goto(`${screen.server.url}/line/book`);
    await page.waitForURL(`${screen.server.url}/line/book`);
    const take = page.getByRole('button', { name: '受付番号を取得する' });
    await expect.poll(() => take.isEnabled(), { timeout: 10_000 }).toBe(true);
    await expectInside('受付番号を取得する');
    await expectFits('line-book');

    await take.click();
    await page.waitForURL(`${screen.server.url}/line/reserved`);
    await page.getByText('4番').waitFor();
    await expectFits('line-reserved');

    await page.getByRole('link', { name: '予約状況を確認する' }).click();
    await page.getByText('あなたの前に 2人').waitFor();
    await expectInside('予約をキャンセルする');
    await expectFits('line-my');

    await page.goto(`${screen.server.url}/line/all`);
    await page.locator('tr[aria-current="true"]').waitFor();
    await page.locator('tr.held').waitFor();
    await expectFits('line-all');
  });
});
