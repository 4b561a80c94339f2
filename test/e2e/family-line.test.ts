/**
 * A family on LINE (issue 35, docs/decisions/053) in real Chromium against the real server, only LINE faked:
 * the patient takes two numbers with names on /line/book, the confirmation lists them with their names,
 * /line/my shows them together, and one check-in with the desk's code records both (decision 048's code,
 * checked by the server once per number).
 */
import { afterEach, expect, it } from 'vitest';
import { lineWebEnv, startFakeLine } from '../fakes/line-server.js';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';
import { openPatientViewer, type Opened } from './support/viewers.js';

describeBrowser('a family on LINE', () => {
  const screen = staffScreen({
    browser: false,
    fake: startFakeLine,
    server: (fake) => ({ env: { ...lineWebEnv(fake), CLINIC_NAME: 'テストクリニック' } }),
    reception: 'both',
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

  it('takes two numbers with names, lists them on the confirmation, shows them together and checks both in at once', async () => {
    await screen.staff('saveAllocationSettings', { keepEvery: 0, onlineCap: 0, familyMax: 2 });
    for (let i = 0; i < 6; i++) await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    viewer = await openPatientViewer('line', screen.server.url, { viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    const { page } = viewer;
    await page.goto(`${screen.server.url}/line/book`);
    const count = page.getByRole('group', { name: '人数' });
    await count.waitFor({ timeout: 15_000 });
    await count.getByText('2人', { exact: true }).click();
    await page.getByLabel('1人目のお名前').fill('たろう');
    await page.getByLabel('2人目のお名前').fill('はなこ');
    const take = page.getByRole('button', { name: '受付番号を取得する' });
    await expect.poll(() => take.isEnabled(), { timeout: 10_000 }).toBe(true);
    await take.click();

    await page.waitForURL(`${screen.server.url}/line/reserved`);
    const list = page.getByRole('main').getByRole('list');
    await list.waitFor({ timeout: 10_000 });
    expect((await list.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '))).toEqual(['7番 たろう', '8番 はなこ']);
    expect(await page.getByRole('heading', { name: 'ご家族の受付番号（2人分）' }).count()).toBe(1);
    await expectNoAxeViolations(page, '/line/reserved with a family');
    await page.screenshot({ path: screenshotPath('family-line-reserved'), fullPage: true });

    await page.getByRole('link', { name: '予約状況を確認する' }).click();
    await page.waitForURL(`${screen.server.url}/line/my`);
    await page.getByRole('heading', { name: 'ご家族の受付番号（2人分）' }).waitFor({ timeout: 10_000 });
    const { deskCode } = await screen.staff<{ deskCode: string }>('getArrivalSetup');
    expect(await page.getByText('来院確認は、ご家族全員の番号にまとめて記録します。').count()).toBe(1);
    await page.getByRole('button', { name: '来院しました' }).click();
    await page.getByRole('textbox', { name: /来院確認コード/ }).fill(deskCode);
    await page.getByRole('button', { name: '来院を確認する' }).click();
    await page.getByText(/^来院済み（\d{2}:\d{2}）$/).waitFor({ timeout: 10_000 });
    const arrived = await screen.server.store.db
      .selectFrom('reservation_slots')
      .select(['reservation_number', 'arrived_by'])
      .where('member_name', 'is not', null)
      .orderBy('reservation_number')
      .execute();
    expect(arrived).toEqual([
      { reservation_number: 7, arrived_by: 'patient' },
      { reservation_number: 8, arrived_by: 'patient' },
    ]);
    await expectNoAxeViolations(page, '/line/my with a family checked in');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('family-line-my-checked-in'), fullPage: true });
  });
});
