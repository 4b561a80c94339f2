/**
 * /admin/messages with LINE MINI App service messages on (issue 37), in real Chromium at the desk's size:
 * this month's notices per kind (service message, LINE push, Web Push, failed) and the LINE pushes saved,
 * built by real sends to the fake LINE; checked with axe-core and kept as a screenshot.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { mustCall, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { startFakeLineMessaging, type FakeLineMessaging } from '../fakes/line-messaging.js';
import { eventually, lineToken, lineUserId, openReception, outboxSettled } from '../notify/support.js';
import { serviceEnv } from '../notify/service-support.js';
import { deskContext } from './admin-support.js';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, launchBrowser, screenshotPath } from './support/browser.js';

describeBrowser('/admin/messages per notice kind', () => {
  let server: TestServer;
  let line: FakeLineMessaging;
  let browser: Browser;

  beforeAll(async () => {
    line = await startFakeLineMessaging();
    server = await startTestServer({ clientDir: inject('clientDir'), env: { ...serviceEnv(line), RATE_LIMIT: 'off' } });
    const cookie = await staffCookie(server.url, server.store);
    await openReception(server, cookie);
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
    await mustCall(server.url, 'sendReservationMessageBySlot', { slotId: first.slotId, kind: 'recall' }, { cookie });
    await eventually(() => line.delivered.length === 2, 'the recall by push');
    await eventually(() => outboxSettled(server), 'settled');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await line?.close();
  });

  it('shows how each kind of notice went this month and the pushes saved', async () => {
    const context = await deskContext(browser, server);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/messages`);
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
