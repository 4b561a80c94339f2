/**
 * Real Chromium (Debian's package) driven by playwright-core. `npx playwright install` cannot download
 * here, so the executable is the system one. Browser suites are required in CI (REQUIRE_BROWSER):
 * a missing Chromium fails there instead of skipping.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, devices, type BrowserContextOptions } from 'playwright-core';
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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: BROWSER_ARGS });
}

/** Phone contexts for the patient screens. */
export const PHONES = {
  iphone: { ...devices['iPhone 13'], locale: 'ja-JP', timezoneId: 'Asia/Tokyo' } as BrowserContextOptions,
  android: { ...devices['Pixel 7'], locale: 'ja-JP', timezoneId: 'Asia/Tokyo' } as BrowserContextOptions,
};

export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return join(SCREENSHOT_DIR, `${name}.png`);
}
