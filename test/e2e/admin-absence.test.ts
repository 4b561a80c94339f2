/**
 * The desk's part of issue 34 in real Chromium against the real server: 不在 moves a number back in the list
 * (and two desks pressing at once move it once), its undo, the second absence holding, the 来院済 column
 * with the patient's check-in and the desk's own, and 不在 first on the head row. Each test has its own
 * clinic day (a fresh server) and its own desks, and sets up what it reads through the API first.
 */
import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import type { ArrivalSetup } from '../../src/shared/schemas/functions.js';
import { tokyoHhmm } from '../../src/shared/time/tokyo.js';
import { mustCall, pwaPatient } from '../support/client.js';
import { pressInRow, row } from './admin-support.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

type Taken = { slotId: string; reservationNumber: number };

describeBrowser('the desk: 不在 and 来院済', () => {
  const screen = staffScreen({ reception: 'inhouse' });
  let slots: Map<number, string>;

  beforeEach(async () => {
    slots = new Map();
    for (let i = 0; i < 6; i++) {
      const taken = await screen.staff<Taken>('allocateNextSlot', { reservedType: 'ADMIN' });
      slots.set(taken.reservationNumber, taken.slotId);
    }
  });

  async function openDesk(): Promise<Page> {
    const page = await (await screen.openDesk()).newPage();
    await page.goto(`${screen.server.url}/admin/queue`);
    await row(page, 6).waitFor();
    return page;
  }

  /** The numbers down the list, as the desk reads them. */
  const order = (page: Page) =>
    page.locator('.queue-table tbody th[scope=row]').allInnerTexts().then((all) => all.map((n) => Number(n.replace('番', ''))));
  const waitingCell = (page: Page, n: number) => row(page, n).getByRole('cell').first().innerText();
  const actionButtons = (page: Page, n: number) => row(page, n).locator('.cell-actions button').allInnerTexts();

  it('moves a number called and absent back three places, counts it, and the undo puts it back', async () => {
    const page = await openDesk();
    expect(await order(page)).toEqual([1, 2, 3, 4, 5, 6]);
    await pressInRow(page, 1, '不在');
    await expect.poll(() => order(page)).toEqual([2, 3, 4, 1, 5, 6]);
    expect((await waitingCell(page, 1)).split('\n')).toEqual(['4', '不在1回']);
    expect(await waitingCell(page, 2)).toBe('1');
    expect(await actionButtons(page, 1)).toEqual(['開始', '呼出', '不在', '不在取消', '削除', '保留']);
    // The desk's screen, at its real size: everything in view, nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1920);
    await page.screenshot({ path: screenshotPath('admin-queue-absent') });

    await pressInRow(page, 1, '不在取消');
    await expect.poll(() => order(page)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await waitingCell(page, 1)).toBe('1');
    expect(await actionButtons(page, 1)).not.toContain('不在取消');
  });

  it('holds a number at its second absence, saying so on the row', async () => {
    const page = await openDesk();
    await pressInRow(page, 1, '不在');
    await expect.poll(() => order(page)).toEqual([2, 3, 4, 1, 5, 6]);
    await pressInRow(page, 1, '不在');
    await expect.poll(() => waitingCell(page, 1)).toBe('保留中\n不在2回');
    expect(await actionButtons(page, 1)).toEqual(['開始', '呼出', '不在取消', '削除', '保留取消']);
    expect(await row(page, 1).getAttribute('class')).toContain('row-hold');
  });

  it('moves the number once when two desks press 不在 at the same moment', async () => {
    const [a, b] = [await openDesk(), await openDesk()];
    // Both requests leave with the count both desks saw (0) before either reaches the server.
    const held: (() => Promise<void>)[] = [];
    let bothSent: () => void = () => {};
    const sent = new Promise<void>((resolve) => (bothSent = resolve));
    for (const page of [a, b]) {
      await page.route('**/api/fn/markAbsent', async (route) => {
        expect(route.request().postDataJSON()).toEqual({ data: { slotId: slots.get(1), absences: 0 } });
        held.push(() => route.continue());
        if (held.length === 2) bothSent();
      });
    }
    await Promise.all([pressInRow(a, 1, '不在'), pressInRow(b, 1, '不在')]);
    await sent;
    await Promise.all(held.map((go) => go()));
    for (const page of [a, b]) {
      await expect.poll(() => order(page)).toEqual([2, 3, 4, 1, 5, 6]);
      await expect.poll(() => waitingCell(page, 1)).toBe('4\n不在1回');
    }
  });

  it('shows who recorded the arrival, and lets the desk record it and take it back', async () => {
    await screen.staff('startOnlineReception');
    const patient = await pwaPatient(screen.server.url);
    const booked = await mustCall<Taken>(screen.server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
    await screen.staff('claimAdminBeep', { slotId: booked.slotId });
    const { deskCode } = await screen.staff<ArrivalSetup>('getArrivalSetup');
    const page = await openDesk();
    const arrived = (n: number) => row(page, n).getByRole('cell').nth(2);

    const checked = await mustCall<{ arrivedAt: string }>(
      screen.server.url, 'checkIn', { slotId: booked.slotId, code: deskCode }, { token: patient.token },
    );
    await expect.poll(() => arrived(7).innerText()).toMatch(new RegExp(`^${tokyoHhmm(checked.arrivedAt)} 本人\\s+来院取消$`));

    await arrived(2).getByRole('button', { name: '来院済にする' }).click();
    await expect.poll(() => arrived(2).innerText()).toMatch(/^\d\d:\d\d 受付\s+来院取消$/);
    await page.screenshot({ path: screenshotPath('admin-queue-arrived') });
    await expectNoSeriousAxeViolations(page, 'the desk with arrivals');

    await arrived(2).getByRole('button', { name: '来院取消' }).click();
    await expect.poll(() => arrived(2).innerText()).toBe('来院済にする');
  });

  it('offers 不在 first on the head row not checked in, when the clinic asks for it', async () => {
    await screen.staff('saveArrivalSettings', { absencePlaces: 3, absenceHoldAfter: 2, absentFirstUnarrived: true });
    const page = await openDesk();
    const firstButton = (n: number) => row(page, n).locator('.cell-actions button').first();
    await expect.poll(() => firstButton(1).innerText()).toBe('不在');
    expect(await firstButton(1).getAttribute('class')).toContain('primary');
    expect(await firstButton(2).innerText()).toBe('開始');
    await page.screenshot({ path: screenshotPath('admin-queue-absent-first') });

    // The head is moved back: the new head (2) now offers 不在 first, and 1 no longer does.
    await firstButton(1).click();
    await expect.poll(() => order(page)).toEqual([2, 3, 4, 1, 5, 6]);
    await expect.poll(() => firstButton(2).innerText()).toBe('不在');
    expect(await firstButton(1).innerText()).toBe('開始');

    // The head checks in at the desk: 開始 comes back first.
    await row(page, 2).getByRole('button', { name: '来院済にする' }).click();
    await expect.poll(() => firstButton(2).innerText()).toBe('開始');
  });

  it('counts the day’s absences and check-ins on the statistics page, beside the other figures', async () => {
    await screen.staff('startOnlineReception');
    const patient = await pwaPatient(screen.server.url);
    const booked = await mustCall<Taken>(screen.server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
    const { deskCode } = await screen.staff<ArrivalSetup>('getArrivalSetup');
    await mustCall(screen.server.url, 'checkIn', { slotId: booked.slotId, code: deskCode }, { token: patient.token });
    await screen.staff('markAbsent', { slotId: slots.get(1), absences: 0 });
    await screen.staff('markAbsent', { slotId: slots.get(2), absences: 0 });
    await screen.staff('markAbsent', { slotId: slots.get(2), absences: 1 }); // held at the second
    for (const n of [3, 4]) await screen.staff('markArrived', { slotId: slots.get(n), arrived: true });

    const page = await (await screen.openDesk()).newPage();
    await page.goto(`${screen.server.url}/admin/stats`);
    const summary = page.getByRole('table', { name: '主な数字（今回と前回）' });
    await summary.waitFor();
    const today = async (label: string) =>
      (await summary.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) }).getByRole('cell').allInnerTexts())[0];
    expect(await today('不在（呼出時にいなかった回数）')).toBe('3');
    expect(await today('来院確認（本人）')).toBe('1');
    expect(await today('来院確認（スタッフ）')).toBe('2');
    expect(await today('受付数（合計）')).toBe('7');
    await page.screenshot({ path: screenshotPath('admin-stats-absences') });
  });
});
