import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { mustCall, pwaPatient } from '../support/client.js';
import { confirmDialog, DESK, newStaffAccount, pressInRow, row, signIn } from './admin-support.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

/**
 * The desk's day: open reception, hand out tickets, and meet the rules that refuse a step. Each test has its
 * own clinic day (a fresh server, reception closed) and its own signed-in desk; what it reads it sets up
 * first through the API, so any one test runs alone or in any order.
 */
describeBrowser('staff queue screen', () => {
  const screen = staffScreen();
  let page: Page;

  /** A desk signed in through the login form, as a receptionist does, on the day as set up so far. */
  async function openDesk() {
    page = await (await screen.openBrowser(DESK)).newPage();
    await signIn(page, screen.server, await newStaffAccount(screen.server));
  }

  /** In-house reception open and walk-ins 1-3 handed out at the desk. */
  async function threeWalkIns() {
    await screen.staff('startInhouseReception');
    for (let i = 0; i < 3; i++) await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
  }

  /**
   * Walk-ins 1-3, then online reception opened and number 4 booked on the app, already announced by a
   * desk not open here (so no new-reservation modal covers the list). Returns number 4's slot.
   */
  async function fourWithBooking(): Promise<string> {
    await threeWalkIns();
    await screen.staff('startOnlineReception');
    const patient = await pwaPatient(screen.server.url);
    const booked = await mustCall<{ slotId: string; reservationNumber: number }>(
      screen.server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token },
    );
    expect(booked.reservationNumber).toBe(4);
    await screen.staff('claimAdminBeep', { slotId: booked.slotId });
    return booked.slotId;
  }

  const inhouse = () => page.getByRole('switch', { name: '院内受付' });
  const online = () => page.getByRole('switch', { name: 'オンライン受付' });
  const refusal = () => page.getByRole('alertdialog', { name: '操作できませんでした' });

  async function expectRefusal(message: string) {
    await refusal().getByText(message).waitFor();
    await refusal().getByRole('button', { name: 'OK' }).click();
    await refusal().waitFor({ state: 'detached' });
  }

  it('while reception is closed: no next number, and a walk-in ticket is refused with the reason', async () => {
    await openDesk();
    await expect(inhouse().getAttribute('aria-checked')).resolves.toBe('false');
    await page.getByText('院内受付は停止中です', { exact: true }).waitFor();
    await page.getByRole('button', { name: '新規受付' }).click();
    await expectRefusal('院内受付が停止中です。先に院内受付を開始してください。');
    // Online cannot open before in-house: the server's rule, shown in its words.
    await online().click();
    await confirmDialog(page, 'オンライン受付を開始しますか？');
    await expectRefusal('院内受付が停止中です。先に院内受付を開始してください。');
  });

  it('asks before opening in-house reception, and Cancel changes nothing', async () => {
    await openDesk();
    await inhouse().click();
    const dialog = page.getByRole('dialog', { name: '確認' });
    await dialog.getByText('院内受付を開始しますか？').waitFor();
    // Both switches are blocked while one is pending.
    await expect(online().isDisabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(inhouse().getAttribute('aria-checked')).resolves.toBe('false');

    await inhouse().click();
    await confirmDialog(page, '院内受付を開始しますか？');
    await page.waitForFunction(() =>
      document.querySelector('[role=switch][aria-labelledby=switch-inhouse]')?.getAttribute('aria-checked') === 'true',
    );
    await page.getByText('次の受付番号 1番').waitFor();
  });

  it('hands out walk-in tickets in order, live in the list, the next number following', async () => {
    await screen.staff('startInhouseReception');
    await openDesk();
    await page.getByText('次の受付番号 1番').waitFor();
    for (const n of [1, 2, 3]) {
      await page.getByRole('button', { name: '新規受付' }).click();
      await page.getByText(`受付番号 ${n}番を発行しました`).waitFor();
      await row(page, n).waitFor();
    }
    await page.getByText('次の受付番号 4番').waitFor();
    await expect(row(page, 1).getByRole('cell').first().innerText()).resolves.toBe('1');
    await expect(row(page, 3).getByRole('cell').first().innerText()).resolves.toBe('3');
    // A walk-in gets neither recall nor confirm; its ticket's print (decision 068, in the time cell) and the
    // 来院済 column's button come first.
    await expect(row(page, 1).getByRole('button').allInnerTexts()).resolves.toEqual(['受付票を印刷', '来院済にする', '開始', '呼出', '不在', '削除', '保留']);
  });

  it('opens online reception; a patient books through the API and gets recall and confirm buttons', async () => {
    await threeWalkIns();
    await openDesk();
    await row(page, 3).waitFor();
    await online().click();
    await confirmDialog(page, 'オンライン受付を開始しますか？');
    await page.waitForFunction(() =>
      document.querySelector('[role=switch][aria-labelledby=switch-online]')?.getAttribute('aria-checked') === 'true',
    );
    const patient = await pwaPatient(screen.server.url);
    await mustCall(screen.server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
    await row(page, 4).getByRole('img', { name: 'PWA' }).waitFor();
    await expect(row(page, 4).getByRole('button').allInnerTexts()).resolves.toEqual(['来院済にする', '開始', '呼出', '不在', '再呼出', '削除', '保留', '確認済']);
    // The modal of a new online reservation (this desk is the only one open, so it wins the beep).
    const modal = page.getByRole('alertdialog', { name: '新しいオンライン予約' });
    await modal.getByText('新しいオンライン予約があります（受付番号 4番・PWA）').waitFor();
    await modal.getByRole('button', { name: '閉じる' }).click();
  });

  it('asks before a recall, and shows the server’s refusal as an alert (no push service configured here)', async () => {
    await fourWithBooking();
    await openDesk();
    await pressInRow(page, 4, '再呼出');
    await confirmDialog(page, '受付番号 4番の方に再呼出メッセージを送信しますか？');
    await expectRefusal('Webプッシュ通知が設定されていません。管理者は VAPID_SUBJECT（mailto: または https: のURL）を設定してください。');
    await expect(row(page, 4).getByRole('button', { name: '再呼出' }).isVisible()).resolves.toBe(true);
  });

  it('marks an online reservation as confirmed', async () => {
    await fourWithBooking();
    await openDesk();
    await row(page, 4).getByRole('button', { name: '確認済' }).waitFor();
    await pressInRow(page, 4, '確認済');
    await row(page, 4).getByRole('button', { name: '確認済' }).waitFor({ state: 'detached' });
  });

  it('refuses to end in-house reception while online is open, then while reservations remain', async () => {
    // Number 4 already confirmed, as the desk left it after checking the booking.
    await screen.staff('markSlot', { slotId: await fourWithBooking(), action: 'confirm' });
    await openDesk();
    await row(page, 4).waitFor();
    await expect(row(page, 4).getByRole('button', { name: '確認済' }).count()).resolves.toBe(0);
    // What the picture shows: both receptions open, numbers 1-4 waiting, the next number 5.
    await expect(inhouse().getAttribute('aria-checked')).resolves.toBe('true');
    await expect(online().getAttribute('aria-checked')).resolves.toBe('true');
    await page.getByText('次の受付番号 5番').waitFor();
    for (const n of [1, 2, 3, 4]) await expect(row(page, n).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('admin-queue') });
    await inhouse().click();
    await confirmDialog(page, '院内受付を停止しますか？');
    await expectRefusal('オンライン受付が受付中です。先にオンライン受付を停止してください。');

    await online().click();
    await confirmDialog(page, 'オンライン受付を停止しますか？');
    await page.waitForFunction(() =>
      document.querySelector('[role=switch][aria-labelledby=switch-online]')?.getAttribute('aria-checked') === 'false',
    );
    await inhouse().click();
    await confirmDialog(page, '院内受付を停止しますか？');
    await expectRefusal('未対応の予約が残っています。すべての予約を開始または削除してから院内受付を停止してください。');
    await expect(inhouse().getAttribute('aria-checked')).resolves.toBe('true');
  });

  it('ends in-house reception once every reservation is started or deleted; the list empties', async () => {
    // Online reception has closed again; 1-3 and the booked 4 still wait.
    await fourWithBooking();
    await screen.staff('endOnlineReception');
    await openDesk();
    await row(page, 4).waitFor();
    await expect(inhouse().getAttribute('aria-checked')).resolves.toBe('true');
    await expect(online().getAttribute('aria-checked')).resolves.toBe('false');
    for (const n of [1, 2, 4]) await pressInRow(page, n, '開始');
    await pressInRow(page, 3, '削除');
    await page.getByText('表示する受付はありません').waitFor();
    await page.getByLabel('開始済・削除済も表示').check();
    await expect(row(page, 3).getByRole('cell').first().innerText()).resolves.toBe('削除済');
    await page.getByLabel('開始済・削除済も表示').uncheck();
    await inhouse().click();
    await confirmDialog(page, '院内受付を停止しますか？');
    await page.getByText('院内受付は停止中です', { exact: true }).waitFor();
    await expect(inhouse().getAttribute('aria-checked')).resolves.toBe('false');
  });

  it('remembers the sound choice on this PC as qa_soundOn', async () => {
    await openDesk();
    const sound = page.getByLabel('音を鳴らす');
    await expect(sound.isChecked()).resolves.toBe(true);
    await sound.uncheck();
    await expect(page.evaluate(() => localStorage.getItem('qa_soundOn'))).resolves.toBe('false');
    await page.reload();
    await page.getByRole('heading', { name: '受付管理' }).waitFor();
    await expect(page.getByLabel('音を鳴らす').isChecked()).resolves.toBe(false);
  });
});
