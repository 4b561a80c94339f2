/**
 * Numbers kept for the desk and the online cap (docs/decisions/049) in real Chromium against the real
 * server: the section of /admin/schedule at the desk's 1920×1080 (saved, refused beside the form with
 * nothing saved, axe), and the installed app on a 390×844 phone told in its own words that the session's
 * online numbers are used up while the desk still takes patients.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { mustCall, pwaPatient } from '../support/client.js';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { mainText } from './pwa-support.js';
import { staffScreen } from './support/staff-screen.js';
import { openPatientViewer, type Opened } from './support/viewers.js';

describeBrowser('numbers kept for the desk', () => {
  const screen = staffScreen({ server: () => ({ env: { RATE_LIMIT: 'off' } }) });
  let context: BrowserContext | undefined;
  let viewer: Opened | undefined;

  afterEach(async () => {
    await context?.close();
    context = undefined;
    await viewer?.close();
    viewer = undefined;
  });

  // The first queue's settings (decision 061).
  const saved = () => screen.server.store.db.selectFrom('queues').select(['keep_every', 'online_cap']).where('id', '=', 'main').executeTakeFirstOrThrow();

  it('saves every 3rd number for the desk and a cap of 120 on /admin/schedule; refuses a cap out of range, saving nothing', async () => {
    context = await screen.openDesk();
    const page: Page = await context.newPage();
    await page.goto(`${screen.server.url}/admin/schedule`);
    const section = page.getByRole('form', { name: '窓口用の番号とオンライン受付の上限' });
    await section.waitFor();
    const keep = section.getByLabel('窓口用に取っておく番号');
    const cap = section.getByLabel('オンライン受付の上限（1セッションあたり）');
    expect(await keep.inputValue()).toBe('0');
    expect(await keep.locator('option:checked').innerText()).toBe('取っておかない');
    expect(await cap.inputValue()).toBe('0');
    expect(await section.innerText()).toContain('誰も使わなかった窓口用の番号は、待ち人数にも一覧にも出ません。');

    await cap.fill('300');
    await section.getByRole('button', { name: '設定を保存' }).click();
    const alert = section.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('オンライン受付の上限は0〜200の整数で入力してください。');
    expect(await saved()).toEqual({ keep_every: 0, online_cap: 0 });

    await keep.selectOption({ label: '3番ごと（3, 6, 9…番）' });
    await cap.fill('120');
    await section.getByRole('button', { name: '設定を保存' }).click();
    await section.getByText('窓口用の番号とオンライン受付の上限を保存しました。').waitFor();
    expect(await saved()).toEqual({ keep_every: 3, online_cap: 120 });
    expect(await section.getByRole('alert').count()).toBe(0);
    await expectNoAxeViolations(page, '/admin/schedule with the kept-numbers section');
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('admin-schedule-kept-numbers') });

    // Another desk's save reaches this one through the staff stream.
    await screen.staff('saveAllocationSettings', { keepEvery: 5, onlineCap: 0 });
    await expect.poll(() => keep.inputValue(), { timeout: 10_000 }).toBe('5');
    expect(await cap.inputValue()).toBe('0');
  });

  it('tells a patient on /pwa/book that online numbers are used up and the desk still takes patients', async () => {
    await screen.staff('saveAllocationSettings', { keepEvery: 3, onlineCap: 2 });
    await screen.openReception();
    for (let i = 0; i < 2; i++) await mustCall(screen.server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: (await pwaPatient(screen.server.url)).token });
    // The installed app on the phone's whole screen (iPhone 13: 390×844).
    viewer = await openPatientViewer('pwa', screen.server.url, { viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    const { page } = viewer;
    await page.waitForURL(`${screen.server.url}/pwa/book`);
    const take = page.getByRole('button', { name: '受付番号を取得する' });
    await expect.poll(() => take.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([390, 844]);
    await take.click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('このセッションのオンライン受付の番号はなくなりました。窓口では引き続き受け付けています。');
    // Nothing was taken: the button stays for a later try, and the two numbers are all there are.
    expect(await mainText(page)).toContain('受付番号を取得する');
    expect((await screen.server.store.db.selectFrom('reservation_slots').select('id').where('is_reserved', '=', 1).execute()).length).toBe(2);
    await expectNoAxeViolations(page, '/pwa/book, online numbers used up');
    await page.screenshot({ path: screenshotPath('pwa-book-online-used-up') });
  });
});
