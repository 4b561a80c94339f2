/**
 * Real Chromium (Debian's package) driven by playwright-core. `npx playwright install` cannot download
 * here, so the executable is the system one. Browser suites are required in CI (REQUIRE_BROWSER):
 * a missing Chromium fails there instead of skipping.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, devices, type Page } from 'playwright-core';
import { describe } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const browserAvailable = existsSync(CHROMIUM_PATH);

export function describeBrowser(name: string, fn: () => void) {
  if (!browserAvailable && process.env.REQUIRE_BROWSER) {
    describe(name, () => {
      throw new Error(`Chromium not found at ${CHROMIUM_PATH} and REQUIRE_BROWSER is set`);
    });
    return;
  }
  if (!browserAvailable) {
    console.warn(`\n!!! SKIPPING browser suite "${name}": no Chromium at ${CHROMIUM_PATH} (apt-get install chromium) !!!\n`);
  }
  describe.skipIf(!browserAvailable)(name, fn);
}

/** Every launch uses these: without the background-networking flags Chromium keeps dialling Google. */
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * How long a launch may take before it fails with Playwright's own message and launch log. Its default,
 * three minutes, is longer than a hook's two (vitest.config.ts), so a launch that hung would show only
 * as "Hook timed out". A hook that starts a server, a browser and an app window hung so once in CI
 * (session 29), with nothing to say which step it was.
 */
const LAUNCH_TIMEOUT_MS = 45_000;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: BROWSER_ARGS, timeout: LAUNCH_TIMEOUT_MS });
}

/** Chromium with a persistent profile in `dir` ('' for a fresh temporary one): the context options, and arguments beside BROWSER_ARGS. */
export function launchPersistent(dir: string, options: BrowserContextOptions, args: string[] = []): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, { ...options, executablePath: CHROMIUM_PATH, args: [...BROWSER_ARGS, ...args], timeout: LAUNCH_TIMEOUT_MS });
}

const APP_WINDOW_MS = 30_000;

/**
 * The window `--app=<url>` opened in a persistent context. It can exist before its first navigation
 * commits and still read about:blank then; waiting for a 'page' event would wait for a window that has
 * already opened. So look until one has left about:blank.
 */
export async function appWindow(context: BrowserContext, startUrl: string): Promise<Page> {
  const deadline = Date.now() + APP_WINDOW_MS;
  for (;;) {
    const page = context.pages().find((p) => p.url() !== 'about:blank');
    if (page) return page;
    if (Date.now() > deadline) {
      await context.close();
      throw new Error(`no app window for ${startUrl} left about:blank within ${APP_WINDOW_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Phone contexts for the patient screens. */
/** The public queue stream, however a screen asks for it (`?rows=byQueue` since decision 076): for page.route. */
export const PUBLIC_STREAM = /\/api\/live\/queue(\?|$)/;

export const PHONES = {
  iphone: { ...devices['iPhone 13'], locale: 'ja-JP', timezoneId: 'Asia/Tokyo' } as BrowserContextOptions,
  android: { ...devices['Pixel 7'], locale: 'ja-JP', timezoneId: 'Asia/Tokyo' } as BrowserContextOptions,
};

export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return join(SCREENSHOT_DIR, `${name}.png`);
}
