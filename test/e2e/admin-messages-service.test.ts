/**
 * /admin/messages with LINE MINI App service messages on (issue 37), in real Chromium at the desk's size:
 * this month's notices per kind (service message, LINE push, Web Push, failed) and the LINE pushes saved,
 * built by real sends to the fake LINE; checked with axe-core and kept as a screenshot.
 */
import { beforeAll, expect, it } from 'vitest';
import { mustCall } from '../support/client.js';
import { startFakeLineMessaging } from '../fakes/line-messaging.js';
import { eventually, lineToken, lineUserId, outboxSettled } from '../notify/support.js';
import { serviceEnv } from '../notify/service-support.js';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

describeBrowser('/admin/messages per notice kind', () => {
  const screen = staffScreen({
    per: 'file',
    fake: startFakeLineMessaging,
    server: (line) => ({ env: { ...serviceEnv(line), RATE_LIMIT: 'off' } }),
    reception: 'both',
  });

  beforeAll(async () => {
    const { server, fake: line } = screen;
    // Two patients in the MINI App (number taken and turn near by service message), one without it (a push),
    // and a recall the MINI App's channel refuses once it is no longer allowed (so it goes by push).
    const take = async (n: number, miniApp: boolean) => {
      const token = await lineToken(server.dataDir, lineUserId(n));
      const data = miniApp ? { reservedType: 'LINE', liffAccessToken: line.notifier.liffTokenFor(lineUserId(n)) } : { reservedType: 'LINE' };
      return mustCall<{ slotId: string }>(server.url, 'allocateNextSlot', data, { token });
    };
    const first = await take(1, true);
    await take(2, true);
    await take(3, false);
    await eventually(() => line.notifier.delivered.length === 4 && line.delivered.length === 1, 'four service messages and a push');
    line.notifier.verified = false;
    await screen.staff('sendReservationMessageBySlot', { slotId: first.slotId, kind: 'recall' });
    await eventually(() => line.delivered.length === 2, 'the recall by push');
    await eventually(() => outboxSettled(server), 'settled');
  });

  it('shows how each kind of notice went this month and the pushes saved', async () => {
    const context = await screen.openDesk();
    const page = await context.newPage();
    await page.goto(`${screen.server.url}/admin/messages`);
    const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'サービスメッセージ' }) });
    await table.waitFor();
    const cells = async (kind: string) =>
      table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: kind, exact: true }) }).getByRole('cell').allInnerTexts();
    expect(await cells('受付完了')).toEqual(['2', '0', '0', '0']);
    expect(await cells('5人前通知')).toEqual(['2', '1', '0', '0']);
    expect(await cells('再呼出')).toEqual(['0', '1', '0', '0']);
    expect(await cells('不在のお知らせ')).toEqual(['0', '0', '0', '0']);
    await page.getByText('サービスメッセージで送ったため節約できたLINEプッシュ 2通').waitFor();
    // LINE's paid messages this month: the two pushes only.
    await page.getByText('今月のLINE送信数 2通').waitFor();
    await expectNoAxeViolations(page, '/admin/messages with service messages');
    await page.screenshot({ path: screenshotPath('admin-messages-service'), fullPage: true });
    await context.close();
  });
});
