/**
 * SMS (decision 070) in real Chromium against the real server and a fake Twilio, at the desk's 1920×1080: the
 * settings section on /admin/messages (saved audited, the token never shown back), and the walk-in form's
 * mobile field on /admin (a bad number refused with nothing taken; a good one shown masked on the row and
 * texted when the turn is near), the row's SMS button removing it. axe on both screens.
 */
import { expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio.js';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'f'.repeat(32);

describeBrowser('SMS at the desk', () => {
  const screen = staffScreen<FakeTwilio>({
    fake: startFakeTwilio,
    server: (twilio) => ({ env: { RATE_LIMIT: 'off', CLINIC_NAME: 'さくらクリニック', SMS_API_BASE_URL: twilio.url, NOTIFY_POLL_MS: '50' } }),
    desk: true,
  });
  const runtime = () => screen.server.store.db.selectFrom('runtime').select(['sms_on', 'sms_account_sid', 'sms_auth_token', 'sms_from']).executeTakeFirstOrThrow();

  it('saves the provider settings on /admin/messages, audited, without ever showing the token again', async () => {
    const { page } = screen;
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([1920, 1080]);
    await page.goto(`${screen.server.url}/admin/messages`);
    const section = page.getByRole('form', { name: 'SMS通知（Twilio）' });
    await section.waitFor();
    expect(await section.innerText()).toContain('今月のSMS送信数 0通・料金 0（Twilioの報告による）');
    await section.getByLabel('窓口で受け付けた方に、携帯電話番号があればSMSで通知を送る').check();
    await section.getByRole('button', { name: 'SMSの設定を保存' }).click();
    const refusal = page.getByRole('alertdialog', { name: '操作できませんでした' });
    await refusal.getByText('SMSを有効にするには、アカウントSID・Auth Token・送信元の電話番号をすべて入力してください。').waitFor();
    await refusal.getByRole('button', { name: 'OK' }).click();
    expect((await runtime()).sms_on).toBe(0);

    await section.getByLabel('アカウントSID（AC…）').fill(SID);
    await section.getByLabel('Auth Token').fill(TOKEN);
    await section.getByLabel('送信元の電話番号（+1… などTwilioの番号）').fill('+15005550006');
    await section.getByRole('button', { name: 'SMSの設定を保存' }).click();
    await section.getByText('SMSの設定を保存しました。').waitFor();
    const saved = await runtime();
    expect(saved).toMatchObject({ sms_on: 1, sms_account_sid: SID, sms_from: '+15005550006' });
    expect(saved.sms_auth_token).not.toContain(TOKEN);
    await section.getByText('Auth Token は保存済みです。変更するときだけ入力してください。').waitFor();
    expect(await section.getByLabel('Auth Token').inputValue()).toBe('');
    const audit = await screen.server.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'saveSmsSettings').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(TOKEN);
    await expectNoAxeViolations(page, '/admin/messages with the SMS section');
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('admin-messages-sms') });
  });

  it('takes a walk-in with a mobile: refused when it is not one, shown masked, texted near the turn, removed from the row', async () => {
    const { page } = screen;
    await screen.staff('saveSmsSettings', { on: true, accountSid: SID, authToken: TOKEN, from: '+15005550006' });
    await screen.openReception();
    await page.goto(`${screen.server.url}/admin/queue`);
    const phone = page.getByLabel('携帯電話番号（任意・順番が近づいたらSMSでお知らせ）');
    await phone.waitFor();

    await phone.fill('03-1234-5678');
    await page.getByRole('button', { name: '新規受付' }).click();
    const refusal = page.getByRole('alertdialog', { name: '操作できませんでした' });
    await refusal.getByText('携帯電話番号は070・080・090で始まる11桁で入力してください（例：090-1234-5678）。').waitFor();
    await refusal.getByRole('button', { name: 'OK' }).click();
    await refusal.waitFor({ state: 'detached' });
    expect(await screen.server.store.db.selectFrom('reservation_slots').select('id').where('is_reserved', '=', 1).execute()).toEqual([]);

    await phone.fill('０９０－１２３４－５６７８');
    await page.getByRole('button', { name: '新規受付' }).click();
    await page.getByText('1番を発行しました').waitFor();
    expect(await phone.inputValue()).toBe('');
    const row = page.locator('tr', { has: page.getByRole('button', { name: '1番のSMS通知先' }) });
    await row.getByText('SMS 090-****-5678').waitFor();
    // Nobody ahead: the turn is near at once, told by SMS.
    await expect.poll(() => screen.fake.delivered.length, { timeout: 10_000 }).toBe(1);
    expect(screen.fake.delivered[0]).toMatchObject({ to: '+819012345678', body: '【さくらクリニック】1番の方\u3000順番が近づきました（前の方5人以内）。ご来院ください。' });
    expect(await page.content()).not.toContain('1234-5678');
    await expectNoAxeViolations(page, '/admin/queue with SMS on');
    await page.screenshot({ path: screenshotPath('admin-queue-sms') });

    await row.getByRole('button', { name: '1番のSMS通知先' }).click();
    const dialog = page.getByRole('dialog', { name: '1番のSMS通知先' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'the SMS number dialog');
    await dialog.getByRole('button', { name: '削除' }).click();
    await page.getByText('1番のSMS通知先を削除しました').waitFor();
    await row.getByText('SMS 090-****-5678').waitFor({ state: 'detached' });
    expect(await screen.server.store.db.selectFrom('sms_numbers').selectAll().execute()).toEqual([]);
  });
});
