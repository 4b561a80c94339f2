/**
 * Take-and-cancel on the desk's list (issue 42, docs/decisions/060) in real Chromium against the real server:
 * a patient who took and cancelled twice and holds a third number shows 「キャンセル2回」 on their waiting row,
 * nobody else's row shows a mark, and the screen passes axe-core. (The setting's field on /admin/schedule is
 * in family.test.ts, with the other allocation settings.)
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, it } from 'vitest';
import { openReception } from '../api/api-support.js';
import { mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { DESK, deskContext } from './admin-support.js';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, launchBrowser, screenshotPath } from './support/browser.js';

type Taken = { slotId: string; reservationNumber: number };

describeBrowser('take-and-cancel on the staff list', () => {
  let server: TestServer;
  let browser: Browser;
  let cookie: string;
  let context: BrowserContext | undefined;
  const staff = <T = unknown>(name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie });

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    server = await startTestServer({ clientDir: inject('clientDir'), env: { RATE_LIMIT: 'off' } });
    cookie = await staffCookie(server.url, server.store);
    await openReception(server.url, cookie);
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    await server?.close();
  });

  it('marks the waiting row of a patient who cancelled twice with 「キャンセル2回」', async () => {
    await staff('saveAllocationSettings', { keepEvery: 0, onlineCap: 0, cancelLimit: 2 });
    const patient = await pwaPatient(server.url);
    for (let i = 0; i < 2; i++) {
      const mine = await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
      await mustCall(server.url, 'cancelReservation', { slotId: mine.slotId, reservationNumber: mine.reservationNumber, canceledBy: 'PWA' }, { token: patient.token });
    }
    await mustCall(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
    await mustCall(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: (await pwaPatient(server.url)).token });
    await staff('allocateNextSlot', { reservedType: 'ADMIN' });

    context = await deskContext(browser, server);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: DESK.viewport.height });
    await page.goto(`${server.url}/admin/queue`);
    const row = (n: number) => page.locator('tr', { has: page.getByRole('rowheader', { name: new RegExp(`^${n}番`) }) });
    await row(5).waitFor({ timeout: 10_000 });
    const announced = page.getByRole('alertdialog', { name: '新しいオンライン予約' });
    await announced.waitFor({ timeout: 10_000 });
    await announced.getByRole('button', { name: '閉じる' }).click();
    await announced.waitFor({ state: 'detached' });
    const marks = await Promise.all([3, 4, 5].map((n) => row(n).locator('.cancel-count').allInnerTexts()));
    expect(marks).toEqual([['キャンセル2回'], [], []]);
    expect(await row(3).locator('.cancel-count').getAttribute('title')).toBe('この患者さんがこのセッションでキャンセルした番号の数');
    await expectNoAxeViolations(page, '/admin/queue with a patient who cancelled twice');
    await page.screenshot({ path: screenshotPath('take-and-cancel-admin-queue') });
  });
});
