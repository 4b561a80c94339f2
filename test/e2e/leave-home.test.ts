/**
 * "Leave home by" in real Chromium (docs/decisions/055): the installed app's card shows the latest time to
 * arrive under the range, and the notice chooser offers minutes before the turn beside people ahead; the
 * choice is saved and read back. At phone size (390×844) with a screenshot and axe. The clinic has four
 * weeks of history, so the estimate is there from the opening.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { seedHistory } from '../support/estimate-history.js';
import { axeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { type InstalledApp, launchInstalledApp, mainText } from './pwa-support.js';
import { staffScreen } from './support/staff-screen.js';

describeBrowser('leave home by', () => {
  // The installed app is a Chromium of its own.
  const screen = staffScreen({ browser: false });
  let app: InstalledApp | undefined;
  beforeEach(async () => {
    await seedHistory(screen.server.store, { weeks: 4, gapMinutes: 5 });
    await screen.openReception();
    for (let i = 0; i < 8; i++) await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
  });
  afterEach(async () => {
    await app?.context.close();
    app = undefined;
  });

  it('shows the latest time to arrive and lets the patient be told by minutes before their turn', async () => {
    app = await launchInstalledApp(`${screen.server.url}/pwa/`, { phone: 'iphone' });
    const page = app.page;
    await page.waitForURL(`${screen.server.url}/pwa/book`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: '受付番号を取得する' }).click();
    await page.waitForURL(`${screen.server.url}/pwa/my`);
    await expect.poll(() => mainText(page)).toMatch(/約\d+〜\d+分/);
    // The latest time to arrive is now plus the range's low edge, in Tokyo time, as the card's range says.
    const text = await mainText(page);
    const low = Number(/約(\d+)〜\d+分/.exec(text)?.[1]);
    expect(low).toBeGreaterThan(0);
    expect(text).toMatch(/遅くとも \d{2}:\d{2} までにお越しください/);

    const chooser = page.getByRole('combobox', { name: /お知らせを受け取るタイミング/ });
    await chooser.selectOption({ label: '早ければ30分で順番のとき' });
    await expect.poll(() => mainText(page)).toContain('早ければ30分で順番になるときに、一度だけお知らせします。');
    const row = await screen.server.store.db.selectFrom('reservation_slots').select(['notice_minutes', 'notice_threshold']).where('reservation_number', '=', 9).where('reserved_type', '=', 'PWA').executeTakeFirstOrThrow();
    expect(row).toEqual({ notice_minutes: 30, notice_threshold: 5 });
    // Read back from the server after a reload: the choice stands.
    await page.reload();
    await expect.poll(() => chooser.inputValue()).toBe('m30');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('leave-home-pwa-my') });

    // People ahead again.
    await chooser.selectOption('4');
    await expect.poll(() => mainText(page)).toContain('前に4人になったら、一度だけお知らせします。');
  });
});
