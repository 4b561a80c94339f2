/**
 * /admin/arrival 「来院確認・不在」 in real Chromium against the real server: reached from the staff
 * navigation, the absence settings saved, the printed sheet (its QR code read back by a QR reader from the
 * pixels Chromium drew, the desk code in large text, nothing else on paper), and the renewal of the codes.
 */
import type { Page } from 'playwright-core';
import jsqr from 'jsqr';
import { expect, it } from 'vitest';
import type { ArrivalSetup } from '../../src/shared/schemas/functions.js';
import { callFn, mustCall, pwaPatient } from '../support/client.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

/** What a phone's camera would read: the QR code as Chromium drew it, decoded by jsQR. */
async function readQr(page: Page): Promise<string | null> {
  const png = (await page.locator('.qr-code').screenshot()).toString('base64');
  const image = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return { width: bitmap.width, height: bitmap.height, data: Array.from(data) };
  }, png);
  // jsqr is CommonJS: its default import is module.exports, whose `default` is the reader.
  return jsqr.default(Uint8ClampedArray.from(image.data), image.width, image.height)?.data ?? null;
}

describeBrowser('the arrival page', () => {
  const screen = staffScreen({ desk: true });

  async function openFromNav() {
    await screen.page.goto(`${screen.server.url}/admin/audit`);
    await screen.page.getByRole('link', { name: '来院確認・不在' }).click();
    await screen.page.getByRole('heading', { name: '来院確認・不在', level: 1 }).waitFor();
    await screen.page.getByText('来院確認の番号').waitFor();
  }

  it('saves the absence settings, as the server then holds them', async () => {
    await openFromNav();
    const places = screen.page.getByLabel('順番を後ろに移す人数');
    const holdAfter = screen.page.getByLabel('保留にする不在の回数');
    const first = screen.page.getByLabel('先頭の方が来院確認をしていないときは、受付画面で「不在」ボタンを先に表示する');
    expect(await places.inputValue()).toBe('3');
    expect(await holdAfter.inputValue()).toBe('2');
    expect(await first.isChecked()).toBe(false);

    await places.selectOption({ label: '最後尾へ' });
    await holdAfter.selectOption({ label: '3回目の不在で保留' });
    await first.check();
    await screen.page.getByRole('button', { name: '設定を保存', exact: true }).click();
    await screen.page.getByRole('status').filter({ hasText: '来院確認・不在の設定を保存しました。' }).waitFor();
    const saved = await screen.staff<ArrivalSetup>('getArrivalSetup');
    expect(saved.settings).toEqual({ absencePlaces: 0, absenceHoldAfter: 3, absentFirstUnarrived: true });

    await screen.page.reload();
    await screen.page.getByText('来院確認の番号').waitFor();
    expect(await screen.page.getByLabel('順番を後ろに移す人数').inputValue()).toBe('0');
    await expectNoSeriousAxeViolations(screen.page, '/admin/arrival');

    // The printed ticket's section on the same page (decision 068): its paper and sentence, as the server then holds them.
    await screen.page.getByLabel('用紙').selectOption({ label: 'A6（普通のプリンター）' });
    await screen.page.getByLabel(/番号の下に印刷するひとこと/).fill('お呼びするまで外出されても大丈夫です');
    await screen.page.getByRole('button', { name: '受付票の設定を保存' }).click();
    await screen.page.getByRole('status').filter({ hasText: '受付票の設定を保存しました。' }).waitFor();
    expect(await screen.staff('getTicketSettings')).toEqual({ paper: 'A6', note: 'お呼びするまで外出されても大丈夫です', printer: '' });
  });

  it('shows the sheet to print: a QR code that reads as the check-in link, and the desk code', async () => {
    const setup = await screen.staff<ArrivalSetup>('getArrivalSetup');
    expect(setup.deskCode).toMatch(/^\d{6}$/);
    await openFromNav();
    const sheet = screen.page.getByRole('article', { name: '来院確認' });
    expect(await sheet.locator('.checkin-sheet-code').innerText()).toBe(setup.deskCode);
    expect(await readQr(screen.page)).toBe(setup.deskLink);
    expect(setup.deskLink).toContain(`checkin=${setup.deskCode}`);
    // The digits are large: a patient reads them from arm's length and types them in the app.
    const digitsPx = await sheet.locator('.checkin-sheet-code').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    expect(digitsPx).toBeGreaterThanOrEqual(64);
    expect(await screen.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1920);
    await screen.page.screenshot({ path: screenshotPath('admin-arrival'), fullPage: true });

    // On paper: the sheet alone, no navigation, form or buttons.
    await screen.page.emulateMedia({ media: 'print' });
    expect(await screen.page.getByRole('navigation').isVisible()).toBe(false);
    expect(await screen.page.getByRole('button', { name: '設定を保存' }).isVisible()).toBe(false);
    expect(await screen.page.getByRole('button', { name: '印刷する' }).isVisible()).toBe(false);
    expect(await screen.page.getByText('QRコードの読み取り先').isVisible()).toBe(false);
    expect(await sheet.isVisible()).toBe(true);
    expect(await readQr(screen.page)).toBe(setup.deskLink);
    await screen.page.screenshot({ path: screenshotPath('admin-arrival-print'), fullPage: true });
  });

  it('renews the codes after asking: the new sheet works, the old code no longer does; then the monitor key alone', async () => {
    const before = await screen.staff<ArrivalSetup>('getArrivalSetup');
    await openFromNav();
    await screen.page.getByRole('button', { name: 'QRコードと番号を新しくする' }).click();
    const dialog = screen.page.getByRole('dialog', { name: '確認' });
    await dialog.getByText(/印刷し直してください.*待合室モニター/).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await screen.page.getByRole('status').filter({ hasText: 'QRコードと番号を新しくしました。' }).waitFor();

    const after = await screen.staff<ArrivalSetup>('getArrivalSetup');
    expect(after.deskCode).not.toBe(before.deskCode);
    expect(after.monitorKey).toBe(before.monitorKey);
    await expect.poll(() => screen.page.locator('.checkin-sheet-code').innerText()).toBe(after.deskCode);
    expect(await readQr(screen.page)).toBe(after.deskLink);

    // A patient with the old printed code is refused; with the new one checks in.
    await screen.staff('startInhouseReception');
    await screen.staff('startOnlineReception');
    const patient = await pwaPatient(screen.server.url);
    const { slotId } = await mustCall<{ slotId: string }>(screen.server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
    const stale = await callFn(screen.server.url, 'checkIn', { slotId, code: before.deskCode }, { token: patient.token });
    expect(stale.body).toMatchObject({ error: { status: 'FAILED_PRECONDITION' } });
    await mustCall(screen.server.url, 'checkIn', { slotId, code: after.deskCode }, { token: patient.token });

    // The monitor's key alone, after asking: the printed code stays (decision 059).
    await screen.page.getByRole('button', { name: 'モニターの鍵を新しくする' }).click();
    await screen.page.getByRole('dialog', { name: '確認' }).getByRole('button', { name: 'OK' }).click();
    await screen.page.getByRole('status').filter({ hasText: 'モニターの鍵を新しくしました。' }).waitFor();
    const rekeyed = await screen.staff<ArrivalSetup>('getArrivalSetup');
    expect(rekeyed.monitorKey).not.toBe(after.monitorKey);
    expect(rekeyed.deskCode).toBe(after.deskCode);
    await expect.poll(() => screen.page.locator('.checkin-sheet-code').innerText()).toBe(after.deskCode);
  });
});
