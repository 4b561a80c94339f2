import { expect, it } from 'vitest';
import { SLOTS_PER_SESSION } from '../../src/shared/queue/slot.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

/**
 * The sidebar's next-number line through a session: stopped, counting, all issued, stream down. Each test
 * has its own clinic day (a fresh server, reception closed) and its own desk.
 */
describeBrowser('staff sidebar next number', () => {
  const screen = staffScreen({ desk: { path: '/admin/queue' } });
  const line = () => screen.page.locator('.next-number');

  it('says in-house reception is stopped before it starts', async () => {
    await screen.page.getByText('院内受付は停止中です', { exact: true }).waitFor();
    await expect(screen.page.getByText('番号取得エラー').count()).resolves.toBe(0);
    await screen.page.screenshot({ path: screenshotPath('admin-next-number-stopped') });
  });

  it('counts up, then says every number is issued', async () => {
    await screen.staff('startInhouseReception');
    await screen.page.getByText('次の受付番号 1番').waitFor();
    for (let taken = 0; taken < SLOTS_PER_SESSION; taken += 20) {
      await Promise.all(Array.from({ length: 20 }, () => screen.staff('allocateNextSlot', { reservedType: 'ADMIN' })));
    }
    await screen.page.getByText('すべての番号を発行済みです', { exact: true }).waitFor();
    await expect(line().innerText()).resolves.toBe('すべての番号を発行済みです');
    await screen.page.screenshot({ path: screenshotPath('admin-next-number-all-issued') });
  });

  it('shows the error only when the stream cannot be read', async () => {
    const broken = await screen.desk.newPage();
    await broken.route('**/api/live/admin', (route) => route.abort('connectionreset'));
    await broken.goto(`${screen.server.url}/admin/queue`);
    await broken.getByText('番号取得エラー', { exact: true }).waitFor();
    await broken.getByText('接続が切れました。再接続しています…').waitFor();
    await broken.screenshot({ path: screenshotPath('admin-next-number-stream-down') });
    await broken.close();
  });
});
