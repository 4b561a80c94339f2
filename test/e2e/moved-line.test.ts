/**
 * A LINE family member moved to another queue by the desk (decision 067), in real Chromium against the real
 * server, only LINE faked: /line/my's family card for that member says it moved, as the single card does,
 * and LINE's confirmation page /line/reserved then lists the new number with the one it came from.
 */
import { afterEach, expect, it } from 'vitest';
import { lineWebEnv, startFakeLine } from '../fakes/line-server.js';
import { describeBrowser } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';
import { openPatientViewer, type Opened } from './support/viewers.js';

describeBrowser('a LINE family member moved to another queue', () => {
  const screen = staffScreen({
    browser: false,
    fake: startFakeLine,
    server: (fake) => ({ env: { ...lineWebEnv(fake), CLINIC_NAME: 'テストクリニック' } }),
  });
  let viewer: Opened | undefined;

  afterEach(async () => {
    try {
      expect(screen.fake.unexpected).toEqual([]);
    } finally {
      await viewer?.close();
      viewer = undefined;
    }
  });

  it('says so on the member’s card and on the confirmation', async () => {
    // Made before reception opens: the session gives the queue its numbers as it starts.
    await screen.staff('saveQueue', { nameJa: '発熱外来', nameEn: 'Fever clinic', firstNumber: 501, online: true, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null });
    await screen.openReception();
    await screen.staff('saveAllocationSettings', { keepEvery: 0, onlineCap: 0, familyMax: 2 });
    viewer = await openPatientViewer('line', screen.server.url, { viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    const { page } = viewer;
    await page.goto(`${screen.server.url}/line/book`);
    const count = page.getByRole('group', { name: '人数' });
    await count.waitFor({ timeout: 15_000 });
    await page.getByRole('group', { name: '受付の種類' }).getByText('一般', { exact: true }).click();
    await count.getByText('2人', { exact: true }).click();
    await page.getByLabel('1人目のお名前').fill('たろう');
    await page.getByLabel('2人目のお名前').fill('はなこ');
    const take = page.getByRole('button', { name: '受付番号を取得する' });
    await expect.poll(() => take.isEnabled(), { timeout: 10_000 }).toBe(true);
    await take.click();
    await page.waitForURL(`${screen.server.url}/line/reserved`);
    const list = page.getByRole('main').getByRole('list');
    await list.waitFor({ timeout: 10_000 });

    // The desk moves はなこ (number 2) to 発熱外来.
    const slots = await screen.server.store.db.selectFrom('reservation_slots').select(['id', 'reservation_number']).where('member_name', '=', 'はなこ').execute();
    const fever = (await screen.staff<{ queues: { id: string; firstNumber: number }[] }>('getQueues')).queues.find((q) => q.firstNumber === 501)!.id;
    const moved = await screen.staff<{ reservationNumber: number }>('moveToQueue', { slotId: slots[0]!.id, queueId: fever });
    expect(moved.reservationNumber).toBe(501);

    await page.getByRole('link', { name: '予約状況を確認する' }).click();
    await page.waitForURL(`${screen.server.url}/line/my`);
    const card = page.getByRole('region', { name: /はなこ/ });
    await card.getByText('受付で番号を移しました（前の番号 2番）。この番号でお待ちください。').waitFor({ timeout: 10_000 });
    expect(await page.getByText(/受付で番号を移しました/).count()).toBe(1);

    await page.goto(`${screen.server.url}/line/reserved`);
    await list.waitFor({ timeout: 10_000 });
    await expect.poll(async () => (await list.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '))).toEqual(['1番 たろう', '501番 はなこ 2番から移動']);
  });
});
