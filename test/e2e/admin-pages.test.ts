/** The notification page (LINE usage, the clinic's LINE choices, failed notices) and the audit trail. */
import { expect, it } from 'vitest';
import { mustCall, pwaPatient } from '../support/client.js';
import { startFakeLineMessaging } from '../fakes/line-messaging.js';
import { notifyEnv, eventually, outboxSettled } from '../notify/support.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

describeBrowser('staff notification and audit pages', () => {
  const screen = staffScreen({
    per: 'file',
    fake: async () => {
      const line = await startFakeLineMessaging();
      line.quota = { type: 'limited', value: 200, totalUsage: 42 };
      return line;
    },
    server: (line) => ({ env: notifyEnv(line.url) }),
    reception: 'both',
  });

  it('shows LINE usage and failed notices, and changes which notices go by LINE', async () => {
    const { server, staff } = screen;
    const patient = await pwaPatient(server.url); // no push subscription: the notice cannot be delivered
    await mustCall(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
    await eventually(() => outboxSettled(server), 'the notice settled');

    const context = await screen.openDesk();
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/queue`);
    // The patient's booking opens the new-reservation modal first: close it, as a receptionist would.
    await page.getByRole('button', { name: '閉じる' }).click();
    await page.getByRole('link', { name: '通知の設定と送信状況' }).click();
    await page.getByRole('heading', { name: '通知の設定と送信状況' }).waitFor();
    await page.getByText('今月のLINE送信数 0通').waitFor();
    expect(await page.getByText('LINE公式アカウントの上限 200通（今月の使用 42通）').isVisible()).toBe(true);
    // The failures' table (the month's figures per kind have one of their own, issue 37).
    const failures = page.getByRole('region', { name: '送れなかった通知' }).getByRole('table');
    expect(await failures.innerText()).toContain('1番');
    expect(await failures.innerText()).toContain('通知の登録がありません');

    const ahead5 = page.getByLabel('5人前通知をLINEで送る');
    expect(await ahead5.isChecked()).toBe(true);
    await ahead5.uncheck();
    await eventually(async () => !(await page.getByLabel('5人前通知をLINEで送る').isChecked()) && !(await ahead5.isDisabled()), 'saved');
    const status = await staff<{ settings: { lineAhead5: boolean; lineRecall: boolean } }>('getMessagingStatus');
    expect(status.settings).toEqual({ lineAhead5: false, lineRecall: true });
    await page.screenshot({ path: screenshotPath('admin-messages') });

    await page.getByRole('link', { name: '操作履歴' }).click();
    await page.getByRole('heading', { name: '操作履歴' }).waitFor();
    const audit = await page.getByRole('table').innerText();
    expect(audit).toContain('通知の設定を変更');
    expect(audit).toContain('lineAhead5: true → false');
    expect(audit).toContain('院内受付を開始');
    expect(audit).toContain('ログイン');
    await page.screenshot({ path: screenshotPath('admin-audit') });
    await page.getByRole('link', { name: '受付画面に戻る' }).click();
    await page.getByRole('heading', { name: '受付管理' }).waitFor();
    await context.close();
  });
});
