import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { DESK, newStaffAccount, PASSWORD } from './admin-support.js';
import { describeBrowser, launchBrowser, screenshotPath } from './support/browser.js';

describeBrowser('staff sign-in', () => {
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

  it('sends / and unknown admin paths to /admin/queue, which asks to sign in', async () => {
    const page = await browser.newPage(DESK);
    for (const path of ['/admin', '/admin/', '/admin/nowhere']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(`${server.url}/admin/queue`);
      await page.getByRole('heading', { name: 'スタッフログイン' }).waitFor();
    }
    await page.screenshot({ path: screenshotPath('admin-login') });
    await page.close();
  });

  it('shows a wrong password, signs in, stays signed in across a reload, and signs out', async () => {
    const username = await newStaffAccount(server);
    const page = await browser.newPage(DESK);
    await page.goto(`${server.url}/admin/queue`);
    await page.getByLabel('ユーザー名').fill(username);
    await page.getByLabel('パスワード').fill('not the password');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe('ユーザー名またはパスワードが正しくありません。');

    await page.getByLabel('パスワード').fill(PASSWORD);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.getByRole('heading', { name: '受付管理' }).waitFor();
    await expect(page.getByText(`${username} でログイン中`).isVisible()).resolves.toBe(true);

    await page.reload();
    await page.getByRole('heading', { name: '受付管理' }).waitFor();

    await page.getByRole('button', { name: 'ログアウト' }).click();
    await page.getByRole('heading', { name: 'スタッフログイン' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'スタッフログイン' }).waitFor();
    await page.close();
  });

  it('goes back to the sign-in form by itself when the session is signed out elsewhere', async () => {
    const username = await newStaffAccount(server);
    const context = await browser.newContext(DESK);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/queue`);
    await page.getByLabel('ユーザー名').fill(username);
    await page.getByLabel('パスワード').fill(PASSWORD);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.getByRole('heading', { name: '受付管理' }).waitFor();
    // Signed out elsewhere (another tab, another PC): the server ends this screen's admin stream at once,
    // and the screen, re-checking its session, shows the sign-in form without waiting for an action.
    const cookie = (await context.cookies()).find((c) => c.name === 'qs_staff')!;
    await fetch(`${server.url}/api/staff/logout`, { method: 'POST', headers: { cookie: `qs_staff=${cookie.value}` } });
    await page.getByRole('heading', { name: 'スタッフログイン' }).waitFor();
    expect(await page.getByRole('button', { name: '新規受付' }).count()).toBe(0);
    await context.close();
  });

  it('is usable from the keyboard alone: tab to the fields, Enter to sign in', async () => {
    const username = await newStaffAccount(server);
    const page = await browser.newPage(DESK);
    await page.goto(`${server.url}/admin/queue`);
    await page.getByLabel('ユーザー名').waitFor();
    // The username field has focus on arrival.
    await page.keyboard.type(username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: '受付管理' }).waitFor();
    await page.close();
  });

  it('opens the wall monitor without signing in (a wall has no keyboard), stopped while reception is off', async () => {
    const page = await browser.newPage(DESK);
    await page.goto(`${server.url}/admin/monitor`);
    await page.getByText('現在、院内受付を停止しています').waitFor();
    await expect(page.getByRole('heading', { name: 'スタッフログイン' }).count()).resolves.toBe(0);
    await page.screenshot({ path: screenshotPath('admin-monitor-stopped') });
    await page.close();
  });

  it('serves the beep as a real, short, playable sound file', async () => {
    const page = await browser.newPage(DESK);
    await page.goto(`${server.url}/admin/monitor`);
    const duration = await page.evaluate(async () => {
      const audio = new Audio('/reserve-beep.mp3');
      await new Promise((resolve, reject) => {
        audio.addEventListener('loadedmetadata', resolve);
        audio.addEventListener('error', () => reject(new Error(`media error ${audio.error?.code}`)));
      });
      return audio.duration;
    });
    expect(duration).toBeGreaterThan(0.2);
    expect(duration).toBeLessThan(1);
    await page.close();
  });
});
