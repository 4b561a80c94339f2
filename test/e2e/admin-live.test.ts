import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import type { QueueSnapshot } from '../../src/shared/schemas/live.js';
import { mustCall, pwaPatient } from '../support/client.js';
import { openSse, type SseReader } from '../support/sse.js';
import { beeps, blockAudio, confirmDialog, DESK, pressInRow, row } from './admin-support.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

type Booking = { token: string; slotId: string; reservationNumber: number };

/**
 * Two desks and a wall monitor open at once, patients booking and cancelling through the API. Each test has
 * its own clinic day and its own screens: it sets up the numbers it reads.
 */
describeBrowser('staff screens live', () => {
  // A push subject makes recall possible (the outbox delivers; no patient here has a subscription).
  const screen = staffScreen({ server: () => ({ env: { VAPID_SUBJECT: 'mailto:desk@example.com' } }), reception: 'both' });
  let a: Page;
  let b: Page;
  let monitor: Page;
  let publicList: SseReader | undefined;

  afterEach(() => {
    publicList?.close();
    publicList = undefined;
  });

  /** A patient books on the app (the next number). */
  async function book(): Promise<Booking> {
    const patient = await pwaPatient(screen.server.url);
    const booked = await mustCall<Omit<Booking, 'token'>>(screen.server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
    return { token: patient.token, slotId: booked.slotId, reservationNumber: booked.reservationNumber };
  }

  /** Numbers 1 and 2 from the desk, 3 booked on the app and already announced (by a desk not open here). */
  async function threeWaiting(): Promise<void> {
    for (let i = 0; i < 2; i++) await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    await screen.staff('claimAdminBeep', { slotId: (await book()).slotId });
  }

  /** Desks a and b on the queue screen, the monitor, and the public list, each showing `next` as the number to come. */
  async function openScreens(next: number): Promise<void> {
    const desks = [await screen.openDesk(), await screen.openDesk()];
    [a, b] = await Promise.all(desks.map((d) => d.newPage()));
    await Promise.all([a, b].map((p) => p.goto(`${screen.server.url}/admin/queue`)));
    await Promise.all([a, b].map((p) => p.getByText(`次の受付番号 ${next}番`).waitFor()));
    // The wall display: its own browser, never signed in.
    monitor = await (await screen.openBrowser(DESK)).newPage();
    await monitor.goto(`${screen.server.url}/admin/monitor`);
    publicList = await openSse(`${screen.server.url}/api/live/queue`);
  }

  const modals = (p: Page) => p.getByRole('alertdialog', { name: '新しいオンライン予約' }).count();
  const allModals = async () => (await modals(a)) + (await modals(b));
  const allBeeps = async () => [...(await beeps(a)), ...(await beeps(b))];

  /** The public list as a patient's phone sees it: [number, ahead or 'hold'] in order. */
  async function publicQueueIs(expected: [number, number | 'hold'][]) {
    const shape = (e: { data: string }) =>
      (JSON.parse(e.data) as QueueSnapshot).queue.map((r) => [r.reservationNumber, r.hold ? 'hold' : r.ahead]);
    await publicList!.next((e) => JSON.stringify(shape(e)) === JSON.stringify(expected));
  }

  async function monitorShows(expected: string[], waiting: number) {
    await monitor.getByRole('heading', { name: `ただいま ${waiting}人 お待ちです` }).waitFor();
    await expect
      .poll(() => monitor.locator('.monitor-cell').allInnerTexts())
      .toEqual(expected.map((cell) => cell.replace(' ', '\n')));
  }

  it('walk-in tickets appear on both desks, the monitor and the public list', async () => {
    await openScreens(1);
    await a.getByRole('button', { name: '新規受付' }).click();
    await a.getByRole('button', { name: '新規受付' }).click();
    await row(b, 2).waitFor();
    await monitorShows(['1番 0人', '2番 1人'], 2);
    await publicQueueIs([[1, 0], [2, 1]]);
  });

  it('beeps and shows the new-reservation modal on exactly one desk of two', async () => {
    for (let i = 0; i < 2; i++) await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    await openScreens(3);
    // Every claim either desk makes, answered: the server lets one win.
    const claims: Promise<{ result: { claimed: boolean } }>[] = [];
    for (const p of [a, b]) {
      p.on('response', (r) => void (r.url().endsWith('/api/fn/claimAdminBeep') && claims.push(r.json())));
    }
    const booked = await book();
    expect(booked.reservationNumber).toBe(3);
    await Promise.all([row(a, 3).waitFor(), row(b, 3).waitFor()]);
    await expect.poll(allModals).toBe(1);
    const winner = (await modals(a)) === 1 ? a : b;
    await winner.getByText('新しいオンライン予約があります（受付番号 3番・PWA）').waitFor();
    // A later change both desks draw: by then each has made its claim for number 3 (if it saw it unannounced).
    // Once every claim is answered, the walk-in after that is drawn after the answers were handled.
    await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    await Promise.all([row(a, 4).waitFor(), row(b, 4).waitFor()]);
    expect((await Promise.all(claims)).filter((c) => c.result.claimed)).toHaveLength(1);
    await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    await Promise.all([row(a, 5).waitFor(), row(b, 5).waitFor()]);
    expect(await allModals()).toBe(1);
    expect((await allBeeps()).map((x) => x.volume)).toEqual([0.6]);
    await winner.screenshot({ path: screenshotPath('admin-new-reservation') });
    await winner.getByRole('button', { name: '閉じる' }).click();
    await expect.poll(allModals).toBe(0);
    await monitorShows(['1番 0人', '2番 1人', '3番 2人', '4番 3人', '5番 4人'], 5);
    expect((await allBeeps()).map((x) => x.volume)).toEqual([0.6]);
  });

  it('start, hold, delete and their undos change the monitor and the public list live', async () => {
    await threeWaiting();
    await openScreens(4);
    await monitorShows(['1番 0人', '2番 1人', '3番 2人'], 3);
    await pressInRow(a, 1, '開始');
    await monitorShows(['2番 0人', '3番 1人'], 2);
    await publicQueueIs([[2, 0], [3, 1]]);

    await pressInRow(b, 2, '保留');
    await monitorShows(['3番 0人', '2番 呼出時不在'], 1);
    await publicQueueIs([[3, 0], [2, 'hold']]);
    await expect(row(a, 2).getByRole('cell').first().innerText()).resolves.toBe('保留中');

    await pressInRow(a, 3, '削除');
    await monitorShows(['2番 呼出時不在'], 0);
    await publicQueueIs([[2, 'hold']]);

    await a.getByLabel('開始済・削除済も表示').check();
    await expect(row(a, 1).getByRole('cell').first().innerText()).resolves.toBe('開始済');
    await a.screenshot({ path: screenshotPath('admin-queue-states') });
    await pressInRow(a, 3, '削除取消');
    await pressInRow(a, 2, '保留取消');
    await pressInRow(a, 1, '開始取消');
    await monitorShows(['1番 0人', '2番 1人', '3番 2人'], 3);
    await publicQueueIs([[1, 0], [2, 1], [3, 2]]);
  });

  it('recalls an online patient once, after asking, and says when', async () => {
    await threeWaiting();
    await openScreens(4);
    await pressInRow(b, 3, '再呼出');
    await confirmDialog(b, '受付番号 3番の方に再呼出メッセージを送信しますか？');
    await row(b, 3).getByText(/^再呼出済 \d\d:\d\d$/).waitFor();
    await expect(row(a, 3).getByRole('button', { name: '再呼出' }).count()).resolves.toBe(0);
  });

  it('offers a click to enable sound when the browser refuses the beep, and that click plays it at 0.6', async () => {
    await threeWaiting();
    await openScreens(4);
    await Promise.all([blockAudio(a, true), blockAudio(b, true)]);
    expect((await book()).reservationNumber).toBe(4);
    await expect.poll(allModals).toBe(1);
    const winner = (await modals(a)) === 1 ? a : b;
    const modal = winner.getByRole('alertdialog', { name: '新しいオンライン予約' });
    await modal.getByText('新しいオンライン予約があります（受付番号 4番・PWA）').waitFor();
    const enable = modal.getByRole('button', { name: 'クリックして音を有効にする' });
    // The person's click is what unlocks audio in a real browser.
    await blockAudio(winner, false);
    await enable.click();
    await enable.waitFor({ state: 'detached' });
    // The refused play left no beep behind: this one is the click's.
    expect((await allBeeps()).map((x) => [x.src, x.volume])).toEqual([[`${screen.server.url}/reserve-beep.mp3`, 0.6]]);
    await modal.getByRole('button', { name: '閉じる' }).click();
    await modal.waitFor({ state: 'detached' });
  });

  it('makes a row blink for 5 seconds when its patient cancels', async () => {
    await threeWaiting();
    const patient4 = await book();
    await screen.staff('claimAdminBeep', { slotId: patient4.slotId });
    await openScreens(5);
    await row(a, 4).waitFor();
    const { token, slotId, reservationNumber } = patient4;
    await mustCall(screen.server.url, 'cancelReservation', { slotId, reservationNumber, canceledBy: 'PWA' }, { token });
    await expect.poll(() => row(a, 4).getAttribute('class')).toContain('row-blink');
    // The patient's own count of cancellations this session stands under it (decision 060).
    await expect(row(a, 4).getByRole('cell').first().innerText()).resolves.toBe('患者キャンセル\nキャンセル1回');
    await expect(row(a, 4).getByRole('button').count()).resolves.toBe(0);
    await a.screenshot({ path: screenshotPath('admin-queue-live') });
    await monitorShows(['1番 0人', '2番 1人', '3番 2人'], 3);
    // After 5 s the blink ends and, started/deleted rows being hidden, the row goes.
    await row(a, 4).waitFor({ state: 'detached', timeout: 7000 });
  });

  it('shows the monitor at 1920×1080', async () => {
    await threeWaiting();
    await openScreens(4);
    await monitorShows(['1番 0人', '2番 1人', '3番 2人'], 3);
    await expect(monitor.getByRole('heading', { name: 'ただいま 3人 お待ちです' }).isVisible()).resolves.toBe(true);
    await monitor.screenshot({ path: screenshotPath('admin-monitor') });
  });
});
