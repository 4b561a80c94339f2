/**
 * The browsers a patient or the desk looks through, for suites that visit many screens (a11y, English):
 * a phone's ordinary browser, LINE's in-app browser (signed in through the fake LINE), the installed app
 * (an --app window, as pwa-support.ts explains) and the desk PC. `textPx` doubles the font-size setting
 * for 200 % text (the profile preference the text-size suites use); `locale` picks the browser language.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { appWindow, launchPersistent, PHONES } from './browser.js';

export type PatientViewer = 'phone' | 'line' | 'pwa';

export interface Opened {
  page: Page;
  close(): Promise<void>;
}

const LINE_UA = `${PHONES.iphone.userAgent} Line/15.12.1`;

export async function openPatientViewer(
  kind: PatientViewer,
  baseUrl: string,
  options: { textPx?: number; locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<Opened> {
  const dir = mkdtempSync(join(tmpdir(), `cq-viewer-${kind}-`));
  mkdirSync(join(dir, 'Default'));
  if (options.textPx) {
    const prefs = { webkit: { webprefs: { default_font_size: options.textPx, default_fixed_font_size: options.textPx - 6 } } };
    writeFileSync(join(dir, 'Default', 'Preferences'), JSON.stringify(prefs));
  }
  const phone: BrowserContextOptions & { defaultBrowserType?: string } = { ...(kind === 'line' ? PHONES.iphone : PHONES.android) };
  // A persistent context with isMobile replaces an --app window with a blank tab (pwa-support.ts).
  delete phone.isMobile;
  delete phone.defaultBrowserType;
  if (kind === 'line') phone.userAgent = LINE_UA;
  if (options.locale) phone.locale = options.locale;
  if (options.viewport) phone.viewport = options.viewport;
  const context = await launchPersistent(dir, phone, kind === 'pwa' ? [`--app=${baseUrl}/pwa/book`] : []);
  const page = kind === 'pwa' ? await appWindow(context, `${baseUrl}/pwa/book`) : (context.pages()[0] ?? (await context.newPage()));
  return {
    page,
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The desk PC at its real size, signed in with `cookie` when given. */
export async function openDesk(browser: Browser, baseUrl: string, cookie?: string): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  if (cookie) {
    const at = cookie.indexOf('=');
    await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: baseUrl }]);
  }
  const page = await context.newPage();
  return { page, close: () => context.close() };
}
