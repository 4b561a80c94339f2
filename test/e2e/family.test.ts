/**
 * A family takes numbers together (issue 35, docs/decisions/053) in real Chromium against the real server:
 * on the installed app at a phone's 390×844 a patient picks 3 people with names, takes them in one tap, sees
 * the numbers together and cancels the middle one; the same in English at 200 % text; too few numbers left
 * for everyone; the family chunk loaded only once families are on; the desk's list at 1280 wide shows the
 * group; and /admin/schedule saves the setting with take-and-cancel's (decision 060), audited. Screens are screenshotted, their text asserted and
 * checked with axe-core.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { mustCall, pwaPatient } from '../support/client.js';
import { DESK } from './admin-support.js';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { mainText } from './pwa-support.js';
import { unusableControls } from './support/usable.js';
import { staffScreen } from './support/staff-screen.js';
import { openPatientViewer, type Opened } from './support/viewers.js';

const PHONE_SCREEN = { width: 390, height: 844 };
type AuditRow = { action: string; before: unknown; after: unknown };

describeBrowser('a family takes numbers together', () => {
  const screen = staffScreen({ server: () => ({ env: { RATE_LIMIT: 'off' } }), reception: 'both' });
  let context: BrowserContext | undefined;
  let viewer: Opened | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
    await viewer?.close();
    viewer = undefined;
  });

  const rows = () =>
    screen.server.store.db
      .selectFrom('reservation_slots')
      .select(['reservation_number', 'family_id', 'member_name', 'canceled'])
      .where('is_reserved', '=', 1)
      .orderBy('reservation_number')
      .execute();
  const cards = (page: Page) => page.getByRole('region', { name: /(番|No\. \d+)$/ });
  const cardTexts = async (page: Page) => (await cards(page).allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());

  async function bookWithPicker(options: { locale?: string; textPx?: number } = {}) {
    viewer = await openPatientViewer('pwa', screen.server.url, { viewport: PHONE_SCREEN, locale: options.locale ?? 'ja-JP', textPx: options.textPx });
    const { page } = viewer;
    await page.waitForURL(`${screen.server.url}/pwa/book`);
    return page;
  }

  it('takes 3 numbers with names on /pwa in one tap, shows them together, and cancels the middle one', async () => {
    await screen.staff('saveAllocationSettings', { keepEvery: 0, onlineCap: 0, familyMax: 3 });
    // Six walk-ins first (so the first member's notice, at 5 ahead, is still to come): the family's numbers
    // are 7, 8 and 9, one after another.
    for (let i = 0; i < 6; i++) await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    const page = await bookWithPicker();
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([390, 844]);
    const count = page.getByRole('group', { name: '人数' });
    await count.waitFor({ timeout: 10_000 });
    expect(await count.getByRole('radio').count()).toBe(3);
    expect(await count.getByRole('radio', { name: '1人' }).isChecked()).toBe(true);
    await count.getByText('3人', { exact: true }).click();
    await page.getByLabel('1人目のお名前').fill('たろう');
    await page.getByLabel('2人目のお名前').fill('はなこ');
    await page.getByLabel('3人目のお名前').fill('じろう');
    expect(await mainText(page)).toContain('お名前は、ご本人と受付スタッフだけに表示されます（10文字まで）。');
    expect(await mainText(page)).toContain('3人分の番号を、続けてまとめてお取りします。');
    await expectNoAxeViolations(page, '/pwa/book with the family picker');
    await page.screenshot({ path: screenshotPath('family-pwa-book-picker'), fullPage: true });

    const take = page.getByRole('button', { name: '受付番号を取得する' });
    await expect.poll(() => take.isEnabled(), { timeout: 10_000 }).toBe(true);
    await take.click();
    await page.waitForURL(`${screen.server.url}/pwa/my`);
    await page.getByRole('heading', { name: 'ご家族の受付番号（3人分）' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBe(3);
    const shown = await cardTexts(page);
    expect(shown[0]).toMatch(/^たろう 7番 あなたの前に 6人/);
    expect(shown[1]).toMatch(/^はなこ 8番 あなたの前に 7人/);
    expect(shown[2]).toMatch(/^じろう 9番 あなたの前に 8人/);
    // The notice chooser on the first member only, with the one line saying the notice goes once.
    // The chooser is a chunk of its own (decision 055): it joins the card a moment after it.
    await expect.poll(() => cards(page).nth(0).getByRole('combobox').count()).toBe(1);
    expect(await page.getByRole('combobox').count()).toBe(1);
    expect(shown[0]).toContain('順番が近づいたお知らせは、ご家族でいちばん前の番号の設定で、1回だけお送りします。');
    const saved = await rows();
    expect(saved.map((r) => [r.reservation_number, r.member_name])).toEqual([
      ...[1, 2, 3, 4, 5, 6].map((n) => [n, null]),
      [7, 'たろう'],
      [8, 'はなこ'],
      [9, 'じろう'],
    ]);
    expect(new Set(saved.slice(6).map((r) => r.family_id)).size).toBe(1);
    expect(saved[6]!.family_id).not.toBeNull();
    expect(saved[0]!.family_id).toBeNull();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page, '/pwa/my with a family of three');
    await page.screenshot({ path: screenshotPath('family-pwa-my-three') });
    await page.screenshot({ path: screenshotPath('family-pwa-my-three-full'), fullPage: true });

    await page.getByRole('button', { name: '8番をキャンセルする' }).click();
    const dialog = page.getByRole('dialog', { name: '8番（はなこ）の予約をキャンセルしますか？ほかの番号はそのまま残ります。' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'the confirmation naming the number and the name');
    await page.screenshot({ path: screenshotPath('family-pwa-cancel-confirm') });
    await dialog.getByRole('button', { name: 'キャンセルする', exact: true }).click();
    await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBe(2);
    await page.getByRole('heading', { name: 'ご家族の受付番号（2人分）' }).waitFor({ timeout: 10_000 });
    // The focus, on the button of the card that went, is on the family's heading now.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('ご家族の受付番号（2人分）');
    // The counts follow the live queue, which reaches the page a moment after the card went.
    await expect.poll(async () => (await cardTexts(page))[1]).toMatch(/^じろう 9番 あなたの前に 7人/);
    const left = await cardTexts(page);
    expect(left[0]).toMatch(/^たろう 7番 あなたの前に 6人/);
    expect((await rows()).filter((r) => r.canceled).map((r) => r.reservation_number)).toEqual([8]);
    await expectNoAxeViolations(page, '/pwa/my after cancelling the middle one');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('family-pwa-my-middle-cancelled') });
  });

  it('leaves the family chunk unloaded while families are off, and loads it once they are on', async () => {
    const familyFiles = (page: Page) =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => /^\/assets\/family-/.test(p)),
      );
    const page = await bookWithPicker();
    const take = page.getByRole('button', { name: '受付番号を取得する' });
    await expect.poll(() => take.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('group', { name: '人数' }).count()).toBe(0);
    await take.click();
    await page.waitForURL(`${screen.server.url}/pwa/my`);
    await page.getByRole('region', { name: 'あなたの受付番号' }).waitFor({ timeout: 10_000 });
    expect(await familyFiles(page)).toEqual([]);

    // Cancelled (the single card as ever), families on: the book screen offers the picker, from the chunk.
    await page.getByRole('button', { name: '予約をキャンセルする' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'キャンセルする', exact: true }).click();
    await page.getByText('現在、予約はありません。').waitFor({ timeout: 10_000 });
    expect(await familyFiles(page)).toEqual([]);
    await screen.staff('saveAllocationSettings', { keepEvery: 0, onlineCap: 0, familyMax: 2 });
    await page.getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name: '受付番号予約' }).click();
    await page.getByRole('group', { name: '人数' }).waitFor({ timeout: 10_000 });
    expect((await familyFiles(page)).length).toBeGreaterThan(0);
  });

  it('does it in English at 200 % text, every control usable', async () => {
    await screen.staff('saveAllocationSettings', { keepEvery: 0, onlineCap: 0, familyMax: 3 });
    const page = await bookWithPicker({ locale: 'en-US', textPx: 32 });
    const count = page.getByRole('group', { name: 'Number of people' });
    await count.waitFor({ timeout: 10_000 });
    await count.getByText('3 people', { exact: true }).click();
    await page.getByLabel('Name of person 1').fill('Taro');
    await page.getByLabel('Name of person 3').fill('Jiro');
    expect(await unusableControls(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('en-family-pwa-book-200'), fullPage: true });
    await expectNoAxeViolations(page, 'English /pwa/book with the family picker at 200 %');

    const take = page.getByRole('button', { name: 'Get a number' });
    await expect.poll(() => take.isEnabled(), { timeout: 10_000 }).toBe(true);
    await take.click();
    await page.waitForURL(`${screen.server.url}/pwa/my`);
    await page.getByRole('heading', { name: "Your family's numbers (3 people)" }).waitFor({ timeout: 10_000 });
    const shown = await cardTexts(page);
    expect(shown.map((text) => text.split(' No. ')[0])).toEqual(['Taro', 'Person 2', 'Jiro']);
    expect(shown[1]).toContain('Cancel No. 2');
    expect(await unusableControls(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('en-family-pwa-my-200'), fullPage: true });
    await expectNoAxeViolations(page, 'English /pwa/my with a family at 200 %');
  });

  it('tells the patient when fewer numbers are left than people, taking none', async () => {
    await screen.staff('saveAllocationSettings', { keepEvery: 0, onlineCap: 2, familyMax: 3 });
    const page = await bookWithPicker();
    const count = page.getByRole('group', { name: '人数' });
    await count.waitFor({ timeout: 10_000 });
    await count.getByText('3人', { exact: true }).click();
    const take = page.getByRole('button', { name: '受付番号を取得する' });
    await expect.poll(() => take.isEnabled(), { timeout: 10_000 }).toBe(true);
    await take.click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('全員分の番号が残っていません。人数を減らすか、窓口へお越しください。');
    expect(await rows()).toEqual([]);
    await expectNoAxeViolations(page, '/pwa/book, not enough numbers for the family');
    await page.screenshot({ path: screenshotPath('family-pwa-not-enough') });
  });

  it('shows the desk the group on the staff list at 1280 wide', async () => {
    await screen.staff('saveAllocationSettings', { keepEvery: 0, onlineCap: 0, familyMax: 3 });
    await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    const family = await pwaPatient(screen.server.url);
    await mustCall(screen.server.url, 'allocateNextSlot', { reservedType: 'PWA', members: ['たろう', '', 'じろう'] }, { token: family.token });
    const other = await pwaPatient(screen.server.url);
    await mustCall(screen.server.url, 'allocateNextSlot', { reservedType: 'PWA', members: ['はなこ', 'ゆき'] }, { token: other.token });
    await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });

    context = await screen.openDesk();
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: DESK.viewport.height });
    await page.goto(`${screen.server.url}/admin/queue`);
    const numberCell = (n: number) => page.getByRole('rowheader', { name: new RegExp(`^${n}番`) });
    await numberCell(7).waitFor({ timeout: 10_000 });
    // The new online numbers are announced once (admin-live.test.ts); closed, the list is in view.
    const announced = page.getByRole('alertdialog', { name: '新しいオンライン予約' });
    await announced.waitFor({ timeout: 10_000 });
    await announced.getByRole('button', { name: '閉じる' }).click();
    await announced.waitFor({ state: 'detached' });
    const texts = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => numberCell(n).innerText()));
    expect(texts.map((t) => t.replace(/\s+/g, ' '))).toEqual(['1番', '2番 家族 1/3 たろう', '3番 家族 2/3', '4番 家族 3/3 じろう', '5番 家族 1/2 はなこ', '6番 家族 2/2 ゆき', '7番']);
    // Each name is patient text isolated for direction in a <bdi> (decision 058).
    expect(await page.locator('th.cell-number bdi.member-name').allInnerTexts()).toEqual(['たろう', 'じろう', 'はなこ', 'ゆき']);
    // One family's rows share a bar in one tone; the next family's in another.
    const bar = (n: number) => numberCell(n).evaluate((el) => getComputedStyle(el).boxShadow);
    expect(await bar(2)).toBe(await bar(4));
    expect(await bar(5)).toBe(await bar(6));
    expect(await bar(2)).not.toBe(await bar(5));
    expect(await bar(1)).toBe('none');
    await expectNoAxeViolations(page, '/admin/queue with two families');
    await page.screenshot({ path: screenshotPath('family-admin-queue-1280') });
  });

  it('saves the family setting from /admin/schedule with the others, audited', async () => {
    context = await screen.openDesk();
    const page = await context.newPage();
    await page.goto(`${screen.server.url}/admin/schedule`);
    const section = page.getByRole('form', { name: '窓口用の番号とオンライン受付の上限' });
    await section.waitFor();
    const family = section.getByLabel('1人が一度に取れる番号（家族）');
    expect(await family.inputValue()).toBe('1');
    expect(await family.locator('option:checked').innerText()).toBe('1（家族でまとめて取らない）');
    expect(await family.locator('option').allInnerTexts()).toEqual(['1（家族でまとめて取らない）', '2人まで', '3人まで', '4人まで', '5人まで']);
    await family.selectOption({ label: '3人まで' });
    // Take-and-cancel (decision 060), saved with the others: off by default, then 1–10.
    const cancels = section.getByLabel('キャンセルしても取り直せる回数（1人・1セッション）');
    expect(await cancels.inputValue()).toBe('0');
    expect(await cancels.locator('option').allInnerTexts()).toEqual(['制限しない', ...Array.from({ length: 10 }, (_, i) => `${i + 1}回まで`)]);
    expect(await section.getByText('この回数を超えてキャンセルした患者さんは').count()).toBe(1);
    await cancels.selectOption({ label: '1回まで' });
    await section.getByRole('button', { name: '設定を保存' }).click();
    await section.getByText('窓口用の番号とオンライン受付の上限を保存しました。').waitFor();
    // The first queue's row holds its settings (decision 061), the runtime row the clinic's cancel limit.
    const db = screen.server.store.db;
    expect(await db.selectFrom('queues').select(['keep_every', 'online_cap', 'family_max']).where('id', '=', 'main').executeTakeFirstOrThrow()).toEqual({
      keep_every: 0,
      online_cap: 0,
      family_max: 3,
    });
    expect(await db.selectFrom('runtime').select('cancel_limit').executeTakeFirstOrThrow()).toEqual({ cancel_limit: 1 });
    const audit = (await screen.staff<{ entries: AuditRow[] }>('getAuditLog', { limit: 20 })).entries.filter((e) => e.action === 'saveAllocationSettings');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ familyMax: 3, cancelLimit: 1 });
    expect(audit[0]!.before).toMatchObject({ familyMax: 1, cancelLimit: 0 });
    // A reload shows what was saved.
    await page.reload();
    expect(await section.getByLabel('キャンセルしても取り直せる回数（1人・1セッション）').inputValue()).toBe('1');
    await expectNoAxeViolations(page, '/admin/schedule with the family and take-and-cancel settings');
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('admin-schedule-family') });

    // The patient's book screen offers the picker at once, from the public stream.
    viewer = await openPatientViewer('pwa', screen.server.url, { viewport: PHONE_SCREEN, locale: 'ja-JP' });
    await viewer.page.getByRole('group', { name: '人数' }).waitFor({ timeout: 10_000 });
    expect(await viewer.page.getByRole('radio').count()).toBe(3);
    await screen.staff('saveAllocationSettings', { keepEvery: 0, onlineCap: 0, familyMax: 1 });
    await expect.poll(() => viewer!.page.getByRole('group', { name: '人数' }).count(), { timeout: 10_000 }).toBe(0);
  });
});
