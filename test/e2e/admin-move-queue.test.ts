import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';
import { expectNoAxeViolations } from './support/axe.js';

/**
 * 移動 on the desk's list (decisions 061, 067), in real Chromium at 1920×1080: the desk moves a waiting patient
 * from 一般 to 発熱外来, sees the row there with its new number and the line saying so, takes it back with the
 * row's 移動取消, and reads the catalogue's refusal when the number was started meanwhile at another desk.
 */
describeBrowser('moving a patient to another queue from the desk', () => {
  const screen = staffScreen({ desk: true });
  let slots: Map<number, string>;

  beforeEach(async () => {
    // Made before reception opens: the session gives the queue its numbers as it starts.
    const fever = { nameJa: '発熱外来', nameEn: 'Fever clinic', firstNumber: 501, online: true, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null };
    await screen.staff('saveQueue', fever);
    await screen.staff('startInhouseReception');
    slots = new Map();
    for (const queueId of [undefined, undefined, undefined, 'fever']) {
      const body = { reservedType: 'ADMIN', ...(queueId ? { queueId: await feverId() } : {}) };
      const { slotId, reservationNumber } = await screen.staff<{ slotId: string; reservationNumber: number }>('allocateNextSlot', body);
      slots.set(reservationNumber, slotId);
    }
  });

  const feverId = async () => (await screen.staff<{ queues: { id: string; nameJa: string }[] }>('getQueues')).queues.find((q) => q.nameJa === '発熱外来')!.id;
  const rowOf = (page: Page, n: number) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${n}番`) }) });
  const numbersOn = (page: Page) => page.locator('.queue-table tbody th.cell-number').evaluateAll((ths) => ths.map((th) => th.textContent));

  it('moves the patient, shows the new number in the new queue, and undoes it', async () => {
    const page = screen.page;
    await page.goto(`${screen.server.url}/admin/queue`);
    await expect.poll(() => numbersOn(page)).toEqual(['1番一般', '2番一般', '3番一般', '501番発熱外来']);

    await rowOf(page, 1).getByRole('button', { name: '移動', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '受付項目を移動' });
    await dialog.getByText('一般 1番の方を移す受付項目を選んでください。', { exact: false }).waitFor();
    // The row's own queue is not offered; the only other one is chosen already.
    await expect(dialog.getByRole('radio').count()).resolves.toBe(1);
    await expect(dialog.getByRole('radio', { name: /発熱外来/ }).isChecked()).resolves.toBe(true);
    await expectNoAxeViolations(page, 'admin-move-queue-dialog');
    await dialog.getByRole('button', { name: '移動する' }).click();

    await page.getByRole('status').filter({ hasText: '1番を発熱外来 502番に移動しました。' }).waitFor();
    // Placed by the time of the first number: taken before 501's, so it stands ahead of it.
    await expect.poll(() => numbersOn(page)).toEqual(['2番一般', '3番一般', '502番発熱外来', '501番発熱外来']);
    const moved = rowOf(page, 502);
    await moved.getByRole('button', { name: '移動取消' }).waitFor();
    await page.screenshot({ path: screenshotPath('admin-move-queue') });
    await expectNoAxeViolations(page, 'admin-move-queue');

    await moved.getByRole('button', { name: '移動取消' }).click();
    await page.getByRole('status').filter({ hasText: '一般 4番に戻しました。' }).waitFor();
    await expect.poll(() => numbersOn(page)).toEqual(['4番一般', '2番一般', '3番一般', '501番発熱外来']);
    // A move back is not itself undone: the row offers 移動 again.
    await rowOf(page, 4).getByRole('button', { name: '移動', exact: true }).waitFor();
    const audit = await screen.server.store.db.selectFrom('audit_log').select('action').where('action', '=', 'moveToQueue').execute();
    expect(audit).toHaveLength(2);
  });

  it('shows the catalogue refusal when the number was started at another desk meanwhile, and changes nothing', async () => {
    const page = screen.page;
    await page.goto(`${screen.server.url}/admin/queue`);
    await rowOf(page, 2).getByRole('button', { name: '移動', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '受付項目を移動' });
    await dialog.waitFor();
    await screen.staff('markSlot', { slotId: slots.get(2), action: 'start' });
    await dialog.getByRole('button', { name: '移動する' }).click();
    const refusal = page.getByRole('alertdialog');
    await refusal.getByText('この受付番号の状態では、その操作は行えません。').waitFor();
    await refusal.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => numbersOn(page)).toEqual(['1番一般', '3番一般', '501番発熱外来']);
    const moves = await screen.server.store.db.selectFrom('audit_log').select('action').where('action', '=', 'moveToQueue').execute();
    expect(moves).toEqual([]);
  });
});
