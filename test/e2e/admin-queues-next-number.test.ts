import { beforeEach, expect, it } from 'vitest';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';
import { expectNoAxeViolations } from './support/axe.js';

/**
 * The desk's next number in a clinic of two queues (decision 061) at 1920×1080: 一般 from 1 and 予防接種 from
 * 501, seeded as the queue settings would save them before reception opens. The walk-in asks for the queue
 * under すべて and tells no number until one is chosen; then it tells that queue's, and follows the stream as
 * another desk takes numbers there.
 */
describeBrowser('the desk’s next number with two queues', () => {
  const screen = staffScreen({ desk: true });

  beforeEach(async () => {
    const now = new Date().toISOString();
    await screen.server.store.db
      .insertInto('queues')
      .values({
        id: 'vaccine', position: 1, name_ja: '予防接種', name_en: 'Vaccination', first_number: 501, online: 1,
        online_cap: 0, keep_every: 0, family_max: 1, version: 0, created_at: now,
      })
      .execute();
    await screen.staff('startInhouseReception');
    for (const queueId of [undefined, undefined, 'vaccine', 'vaccine', 'vaccine']) {
      await screen.staff('allocateNextSlot', { reservedType: 'ADMIN', ...(queueId ? { queueId } : {}) });
    }
  });

  it('asks for the queue, then tells and takes the chosen queue’s next number', async () => {
    const page = screen.page;
    await page.goto(`${screen.server.url}/admin/queue`);
    const nextNumber = page.locator('.new-reception .next-number');
    const select = page.getByRole('combobox', { name: '受付項目' });
    await page.getByRole('group', { name: '受付項目' }).getByRole('radio', { name: '予防接種 3人待ち' }).waitFor({ state: 'attached' });
    // すべて: no queue is chosen, so no number is told and a press asks for the queue.
    await expect(nextNumber.innerText()).resolves.toBe('');
    await page.getByRole('button', { name: '新規受付' }).click();
    await page.getByRole('alert').getByText('受付項目を選んでください').waitFor();

    await select.selectOption('vaccine');
    await expect.poll(() => nextNumber.innerText()).toBe('次の受付番号 504番');
    await select.selectOption('main');
    await expect.poll(() => nextNumber.innerText()).toBe('次の受付番号 3番');
    await select.selectOption('vaccine');
    await page.getByRole('button', { name: '新規受付' }).click();
    await page.getByText('予防接種 504番を発行しました').waitFor();
    await expect.poll(() => nextNumber.innerText()).toBe('次の受付番号 505番');

    // Another desk takes 予防接種 505: the stream moves this desk's number on; 一般's stays.
    await screen.staff('allocateNextSlot', { reservedType: 'ADMIN', queueId: 'vaccine' });
    await expect.poll(() => nextNumber.innerText()).toBe('次の受付番号 506番');
    await page.getByRole('group', { name: '受付項目' }).getByText('一般').click();
    await expect(select.inputValue()).resolves.toBe('main');
    await expect.poll(() => nextNumber.innerText()).toBe('次の受付番号 3番');
    await page.getByRole('button', { name: '新規受付' }).click();
    await page.getByText('一般 3番を発行しました').waitFor();
    await expect.poll(() => nextNumber.innerText()).toBe('次の受付番号 4番');

    await page.getByRole('group', { name: '受付項目' }).getByText('予防接種').click();
    await expect.poll(() => nextNumber.innerText()).toBe('次の受付番号 506番');
    await page.screenshot({ path: screenshotPath('admin-queues-next-number') });
    await expectNoAxeViolations(page, 'admin-queues-next-number');
  });
});
