/**
 * The entrance kiosk (docs/decisions/072) in real Chromium against the real server, on a tablet in landscape
 * (1180×820) and portrait (820×1180): staff signed in on it make it a kiosk from /admin/kiosk; closed
 * reception says why; 「受付する」 gives a number with its QR code on screen (no printing set) or prints
 * through the desk's print view (printing set); the screen starts again after 8 s or at 「次の方」; with two
 * queues it offers each; English at a tap; every target at least 64 px; and once staff revoke it from
 * their page, its next tap shows the catalogue's words and takes no number. axe-core checks each screen.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

const LANDSCAPE = { viewport: { width: 1180, height: 820 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo', hasTouch: true };
const PORTRAIT = { ...LANDSCAPE, viewport: { width: 820, height: 1180 } };

async function countPrints(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { prints: number };
    w.prints = 0;
    window.print = () => void w.prints++;
  });
}
const prints = (page: Page) => page.evaluate(() => (window as unknown as { prints: number }).prints);

/** Staff signed in on the tablet make it a kiosk; the page turns into the kiosk's screen. */
async function makeKiosk(tablet: BrowserContext, name: string): Promise<Page> {
  const page = await tablet.newPage();
  await page.goto('/admin/kiosk');
  await page.getByRole('heading', { name: 'キオスク端末' }).waitFor();
  await page.getByLabel('キオスクの名前（例：入口）').fill(name);
  await page.getByRole('button', { name: 'この端末をキオスクにする' }).click();
  await page.getByRole('heading', { name: '受付', level: 1 }).waitFor();
  return page;
}

/** Every button is at least 64 px each way (gloved hands) and on screen without scrolling. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.locator('main button').evaluateAll((buttons) =>
    buttons.filter((b) => {
      const r = b.getBoundingClientRect();
      return r.width < 64 || r.height < 64 || r.bottom > window.innerHeight || r.right > window.innerWidth;
    }).map((b) => `${b.textContent}: ${b.getBoundingClientRect().width}×${b.getBoundingClientRect().height}`),
  );
}

describeBrowser('the entrance kiosk', () => {
  const screen = staffScreen({ server: () => ({ env: { CLINIC_NAME: 'さくら内科' } }) });

  it('landscape: closed and why, a number with its QR on screen, reset by 次の方 and by itself, printing once set, English', async () => {
    const tablet = await screen.openDesk({ ...LANDSCAPE, baseURL: screen.server.url });
    const page = await makeKiosk(tablet, '入口');
    // Enrolling signed staff out on the tablet: the staff screens ask for a sign-in again.
    expect((await tablet.cookies()).map((c) => c.name)).toEqual(['qs_kiosk']);

    await page.getByText('ただいま受付を行っていません。').waitFor();
    await page.screenshot({ path: screenshotPath('kiosk-closed-1180') });
    await expectNoAxeViolations(page, 'kiosk-closed');

    await screen.openReception();
    await page.reload();
    const take = page.getByRole('button', { name: '受付する' });
    await take.waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('kiosk-start-1180') });
    await expectNoAxeViolations(page, 'kiosk-start');

    await take.click();
    await page.locator('.kiosk-number').filter({ hasText: '1' }).waitFor();
    await page.getByRole('img', { name: /QRコード/ }).waitFor();
    await page.screenshot({ path: screenshotPath('kiosk-qr-1180') });
    await expectNoAxeViolations(page, 'kiosk-qr');
    expect(await smallTargets(page)).toEqual([]);
    await page.getByRole('button', { name: '次の方' }).click();
    await take.waitFor();

    // Printing set: the ticket goes through the desk's print view; the screen starts again by itself.
    await screen.staff('saveTicketSettings', { paper: '80', note: '' });
    await page.reload();
    await countPrints(page);
    await take.click();
    await page.getByText('受付票をお取りください。').waitFor();
    await expect.poll(() => prints(page)).toBe(1);
    expect(await smallTargets(page)).toEqual([]);
    expect(await page.locator('.ticket-print .ticket-number').textContent()).toBe('2');
    expect(await page.getByRole('img', { name: /QRコード/ }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('kiosk-printed-1180') });
    await take.waitFor({ timeout: 12_000 });

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Take a number' }).waitFor();
    await expectNoAxeViolations(page, 'kiosk-english');
  });

  it('portrait: two queues, a number in the chosen one; revoked by staff, the next tap shows why and takes nothing', async () => {
    await screen.openReception();
    await screen.staff('saveQueue', { nameJa: '予防接種', nameEn: 'Vaccination', firstNumber: 501, online: true, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null });
    const tablet = await screen.openDesk({ ...PORTRAIT, baseURL: screen.server.url });
    const page = await makeKiosk(tablet, '入口');
    await page.getByText('受付項目を選んでください').waitFor();
    const vaccination = page.getByRole('button', { name: /予防接種/ });
    expect(await smallTargets(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('kiosk-queues-820') });
    await expectNoAxeViolations(page, 'kiosk-queues');
    await vaccination.click();
    await page.locator('.kiosk-number').filter({ hasText: '501' }).waitFor();
    await page.getByRole('img', { name: /QRコード/ }).waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('kiosk-qr-820') });
    await page.getByRole('button', { name: '次の方' }).click();
    await vaccination.waitFor();

    // Staff revoke it from their page (another browser, signed in).
    const desk = await screen.openDesk({ ...LANDSCAPE, baseURL: screen.server.url });
    const staffPage = await desk.newPage();
    await staffPage.goto('/admin/kiosk');
    staffPage.once('dialog', (dialog) => void dialog.accept());
    await staffPage.getByRole('button', { name: /取り消す/ }).click();
    await staffPage.getByText(/が取り消し/).waitFor();
    await staffPage.screenshot({ path: screenshotPath('kiosk-staff-list-1180') });
    await expectNoAxeViolations(staffPage, 'kiosk-staff-list');

    await vaccination.click();
    await page.getByText('この端末のキオスク登録は取り消されました。受付にお声がけください。').waitFor();
    await page.screenshot({ path: screenshotPath('kiosk-revoked-820') });
    await expectNoAxeViolations(page, 'kiosk-revoked');
    const audit = await screen.staff<{ entries: { username: string; action: string; target: string | null }[] }>('getAuditLog', { limit: 50 });
    const kioskNumbers = audit.entries.filter((e) => e.username === 'キオスク「入口」' && e.action === 'allocateNextSlot');
    expect(kioskNumbers).toHaveLength(1);
  });
});
