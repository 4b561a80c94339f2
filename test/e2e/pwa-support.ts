/**
 * Running the PWA "installed" in real Chromium. Chromium's `--app=<url>` opens an app window whose pages
 * really match `(display-mode: standalone)` (the browser evaluates the media query itself; nothing in the
 * page is overridden); `Emulation.setEmulatedMedia` ignores display-mode and `--force-app-mode` does not
 * change it (both tried, docs/decisions/013). An app window needs a persistent context, and there
 * Playwright's `isMobile` replaces the app window with a blank tab, so phones are given by size, pixel
 * ratio, touch and user agent only; the pages set `width=device-width`, so the layout is the phone's.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { mustCall } from '../support/client.js';
import { appWindow, launchPersistent, PHONES } from './support/browser.js';

export interface InstalledApp {
  context: BrowserContext;
  /** The app window (display-mode standalone). */
  page: Page;
}

type Phone = typeof PHONES.android & { defaultBrowserType?: string };

/** A persistent profile (one that can install apps, unlike Playwright's default incognito contexts). */
async function launchProfile(args: string[], options: { phone?: keyof typeof PHONES; userDataDir?: string }) {
  const phone: Partial<Phone> = { ...PHONES[options.phone ?? 'android'] };
  delete phone.isMobile;
  delete phone.defaultBrowserType;
  return launchPersistent(options.userDataDir ?? '', phone, args);
}

export async function launchInstalledApp(
  startUrl: string,
  options: { phone?: keyof typeof PHONES; userDataDir?: string } = {},
): Promise<InstalledApp> {
  const context = await launchProfile([`--app=${startUrl}`], options);
  return { context, page: await appWindow(context, startUrl) };
}

/** An ordinary browser tab on a phone, in a profile where Chromium fires its real `beforeinstallprompt`. */
export async function launchPhoneBrowser(options: { phone?: keyof typeof PHONES } = {}): Promise<InstalledApp> {
  const context = await launchProfile([], options);
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

export const isStandaloneIn = (page: Page) => page.evaluate(() => matchMedia('(display-mode: standalone)').matches);

/** The text of the screen's main landmark. */
export const mainText = (page: Page) => page.locator('main').innerText();

/** The footer tab marked as the current page. */
export const currentTab = (page: Page) =>
  page.getByRole('navigation', { name: 'メニュー' }).locator('[aria-current="page"]').innerText();

/**
 * The installed app's own patient, for setting up a state through the API: the installation id the app
 * keeps (once it has started) exchanged for a token, as the app itself does.
 */
export async function appPatientToken(page: Page, baseUrl: string): Promise<string> {
  const stored = await page.waitForFunction(() => localStorage.getItem('pwa_install_id'));
  const installId = JSON.parse((await stored.jsonValue()) as string) as string;
  const { customToken } = await mustCall<{ customToken: string }>(baseUrl, 'exchangePwaInstallation', { installId });
  return customToken;
}

/** A number taken through the API for the installed app's own patient (the book screen's tap being tested elsewhere). */
export async function takeNumberInApp(page: Page, baseUrl: string): Promise<{ slotId: string; reservationNumber: number }> {
  const token = await appPatientToken(page, baseUrl);
  return mustCall(baseUrl, 'allocateNextSlot', { reservedType: 'PWA' }, { token });
}
