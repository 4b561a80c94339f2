/** Helpers shared by the staff-screen browser tests: accounts, sign-in, locators and the beep recorder. */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { addStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { mustCall, staffCookie } from '../support/client.js';
import type { TestServer } from '../support/server.js';

export const DESK = { viewport: { width: 1920, height: 1080 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' };
export const PASSWORD = 'correct horse battery';

export async function newStaffAccount(server: TestServer): Promise<string> {
  const username = `desk-${randomUUID().slice(0, 8)}`;
  await addStaffAccount(server.store, username, PASSWORD);
  return username;
}

/** Signs in through the login form, as a receptionist does. */
export async function signIn(page: Page, server: TestServer, username: string) {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel('ユーザー名').fill(username);
  await page.getByLabel('パスワード').fill(PASSWORD);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.getByRole('heading', { name: '受付管理' }).waitFor();
}

/**
 * A desk browser already signed in (cookie from the real login endpoint), at the desk's screen unless given
 * other context options. Audio output is recorded rather than played: a test machine has no speakers, and
 * the count of beeps is what the test checks.
 */
export async function deskContext(browser: Browser, server: TestServer, options: BrowserContextOptions = DESK): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(() => {
    const w = window as unknown as { beeps: { src: string; volume: number }[]; audioBlocked: boolean };
    w.beeps = [];
    w.audioBlocked = false;
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      // What a browser does before the person has clicked anywhere on the page.
      if (w.audioBlocked) return Promise.reject(new DOMException('user did not interact', 'NotAllowedError'));
      w.beeps.push({ src: this.src, volume: this.volume });
      return Promise.resolve();
    };
  });
  const cookie = await staffCookie(server.url, server.store);
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  await context.addCookies([{ name, value, url: server.url }]);
  return context;
}

/** Makes the page's audio refused (as before any click) or allowed again. */
export function blockAudio(page: Page, blocked: boolean) {
  return page.evaluate((b) => ((window as unknown as { audioBlocked: boolean }).audioBlocked = b), blocked);
}

export function beeps(page: Page): Promise<{ src: string; volume: number }[]> {
  return page.evaluate(() => (window as unknown as { beeps: { src: string; volume: number }[] }).beeps);
}

/** The list row of reservation number n. */
export function row(page: Page, n: number) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `${n}番`, exact: true }) });
}

export async function pressInRow(page: Page, n: number, button: string) {
  await row(page, n).getByRole('button', { name: button, exact: true }).click();
}

/** Answers the confirm dialog with OK. */
export async function confirmDialog(page: Page, question: string) {
  const dialog = page.getByRole('dialog', { name: '確認' });
  await dialog.getByText(question).waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Staff calls over HTTP, for setting up a state quickly. */
export async function staffApi(server: TestServer) {
  const cookie = await staffCookie(server.url, server.store);
  return <T = unknown>(name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie });
}
