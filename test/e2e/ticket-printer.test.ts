/**
 * The ticket's network receipt printer (docs/decisions/074) in real Chromium against the real server and a
 * fake ePOS-Print printer (test/fakes/epos-printer.ts): staff set the printer's address on /admin/arrival;
 * the desk's 受付票を印刷 then sends the ticket to the printer (its QR code the ticket's page) and opens no
 * print dialog; when the printer refuses, the desk reads the printer's words in the catalogue and the same
 * tap prints through the browser instead; the kiosk's patient reads why, with the QR code on screen. axe-core
 * checks the settings' new field, the refusal's dialog and the kiosk's failure.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { startFakeEposPrinter, type FakeEposPrinter } from '../fakes/epos-printer.js';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

/** The operating system's print dialog is counted instead of opened. */
async function countPrints(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { prints: number };
    w.prints = 0;
    window.print = () => void w.prints++;
  });
}
const prints = (page: Page) => page.evaluate(() => (window as unknown as { prints: number }).prints);

describeBrowser('the network receipt printer', () => {
  const screen = staffScreen<FakeEposPrinter>({
    desk: { path: '/admin/arrival' },
    reception: 'inhouse',
    fake: startFakeEposPrinter,
    server: () => ({ env: { CLINIC_NAME: 'さくら内科', PRINTER_TIMEOUT_MS: '2000' } }),
  });

  it('the desk’s print goes to the printer; a refusal says why and prints through the browser', async () => {
    const { page, fake } = screen;
    // The setting, on the arrival page's ticket section.
    const field = page.getByLabel('ネットワークプリンターのアドレス（任意）');
    await field.fill('printer.example.com');
    await page.getByRole('button', { name: '受付票の設定を保存' }).click();
    await page.getByText(label(staffLabels, 'ja', 'error.printerAddress')).first().waitFor();
    expect((await screen.staff<{ printer: string }>('getTicketSettings')).printer).toBe('');
    await field.fill(fake.url);
    await page.getByRole('button', { name: '受付票の設定を保存' }).click();
    await page.getByRole('status').filter({ hasText: '受付票の設定を保存しました。' }).waitFor();
    expect((await screen.staff<{ printer: string }>('getTicketSettings')).printer).toBe(fake.url);
    await page.screenshot({ path: screenshotPath('ticket-printer-settings'), fullPage: true });
    await expectNoAxeViolations(page, 'ticket-printer-settings');

    // The desk prints a walk-in's ticket: the printer gets it, no dialog opens here.
    const desk = await screen.staff<{ slotId: string }>('allocateNextSlot', { reservedType: 'ADMIN' });
    await page.goto(`${screen.server.url}/admin`);
    // The only desk number's row, and its print button.
    const print = page.locator('.ticket-reprint');
    await print.waitFor();
    await countPrints(page);
    await print.click();
    await expect.poll(() => fake.printed.length).toBe(1);
    const job = fake.printed[0]!;
    expect(job.texts).toEqual(expect.arrayContaining(['さくら内科\n', '1\n']));
    expect(job.qr).toMatch(new RegExp(`^${screen.server.url}/web/ticket#t=[A-Za-z0-9_-]{43}$`));
    expect(await prints(page)).toBe(0);
    expect(await page.locator('.ticket-print').count()).toBe(0);

    // Out of paper: the catalogue's words, then the browser's print of a ticket that stands.
    fake.script.push('EPTR_REC_EMPTY');
    await print.click();
    const refusal = page.getByRole('alertdialog');
    const message = label(staffLabels, 'ja', 'admin.ticket.printerFallback', {
      message: label(staffLabels, 'ja', 'error.printerRefused', { cause: '用紙切れ、EPTR_REC_EMPTY' }),
    });
    await refusal.getByText(message).waitFor();
    expect(await prints(page)).toBe(1);
    expect(fake.jobs.at(-1)!.answered).toBe('EPTR_REC_EMPTY');
    await page.screenshot({ path: screenshotPath('ticket-printer-refused') });
    await expectNoAxeViolations(page, 'ticket-printer-refused');
    await refusal.getByRole('button', { name: 'OK' }).click();
    await refusal.waitFor({ state: 'detached' });
    // The browser's sheet carries a token that stands: the fallback's, the printer's one revoked by it.
    const rows = await screen.server.store.db.selectFrom('ticket_tokens').select(['slot_id', 'revoked_at']).orderBy('issued_at').execute();
    expect(rows).toEqual([
      { slot_id: desk.slotId, revoked_at: expect.any(String) },
      { slot_id: desk.slotId, revoked_at: null },
    ]);
  }, 120_000);

  it('the kiosk: the printer prints and nothing opens; when it refuses, the patient reads why, sees the QR code, and the browser prints', async () => {
    const { fake } = screen;
    await screen.staff('saveTicketSettings', { paper: '80', note: '', printer: fake.url });
    const tablet = await screen.openDesk({ viewport: { width: 1180, height: 820 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo', hasTouch: true, baseURL: screen.server.url });
    const page = await tablet.newPage();
    await page.goto('/admin/kiosk');
    await page.getByLabel('キオスクの名前（例：入口）').fill('入口');
    await page.getByRole('button', { name: 'この端末をキオスクにする' }).click();
    const take = page.getByRole('button', { name: '受付する' });
    await take.waitFor();
    await countPrints(page);

    await take.click();
    await page.locator('.kiosk-number').filter({ hasText: '1' }).waitFor();
    await page.getByText('受付票をお取りください。').waitFor();
    expect(fake.printed).toHaveLength(1);
    expect(await prints(page)).toBe(0);
    expect(await page.getByRole('img', { name: /QRコード/ }).count()).toBe(0);
    await page.getByRole('button', { name: '次の方' }).click();

    fake.script.push('EPTR_COVER_OPEN');
    await take.click();
    await page.locator('.kiosk-number').filter({ hasText: '2' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'プリンターで受付票を印刷できませんでした。' }).waitFor();
    await page.getByRole('img', { name: /QRコード/ }).waitFor();
    expect(await prints(page)).toBe(1);
    await page.screenshot({ path: screenshotPath('kiosk-printer-failed') });
    await expectNoAxeViolations(page, 'kiosk-printer-failed');
  }, 120_000);
});
