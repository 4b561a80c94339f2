/**
 * Web Push on the printed ticket's page (docs/decisions/073) in real Chromium, on a phone at 390×844: where
 * the browser has PushManager the page offers notices in one button (and says plainly when the browser
 * blocks them); where it has none — an iPhone's Safari outside an installed app, played here by removing
 * `window.PushManager` before the page runs — it says so in plain words instead of a button. axe-core
 * checks both.
 */
import { expect, it } from 'vitest';
import type { TicketPrint } from '../../src/shared/schemas/ticket.js';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

const PHONE = { viewport: { width: 390, height: 844 }, locale: 'ja-JP', isMobile: true, hasTouch: true };
const CANNOT = 'この端末のブラウザでは通知を受け取れません。画面を開いたままにするか、受付の画面でご確認ください。';

describeBrowser('web push on the ticket page', () => {
  const screen = staffScreen({
    desk: { path: '/admin' },
    reception: 'inhouse',
    server: () => ({ env: { CLINIC_NAME: 'さくら内科', VAPID_SUBJECT: 'mailto:it@clinic.example' } }),
  });

  async function ticketUrl(): Promise<string> {
    const desk = await screen.staff<{ slotId: string }>('allocateNextSlot', { reservedType: 'ADMIN' });
    const printed = await screen.staff<TicketPrint>('issueTicket', { slotId: desk.slotId });
    return `${screen.server.url}/web/ticket#t=${printed.token}`;
  }

  it('offers notices where the browser has PushManager, and says plainly when it has none', async () => {
    const url = await ticketUrl();
    const phone = await screen.openBrowser(PHONE);
    const page = await phone.newPage();
    await page.goto(url);
    await page.getByRole('heading', { name: '受付票', level: 1 }).waitFor();
    const offer = page.getByRole('button', { name: '順番が近づいたら通知する' });
    await offer.waitFor();
    expect(await page.locator('main').innerText()).toContain('順番が近づいたら、この端末に通知でお知らせできます（アプリ不要）。');
    expect(await page.getByText(CANNOT).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('ticket-push-offer'), fullPage: true });
    await expectNoAxeViolations(page, 'ticket-push-offer');
    // The page's own worker is served, tiny, from /web/ with its scope.
    const worker = await page.request.get(`${screen.server.url}/web/ticket-sw.js`);
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);

    // A browser that blocks notices: told so, no button.
    const blocked = await screen.openBrowser(PHONE);
    const refusing = await blocked.newPage();
    await refusing.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await refusing.goto(url);
    await refusing.getByText('このブラウザでは通知が許可されていません。画面を開いたままにするか、受付の画面でご確認ください。').waitFor();
    expect(await refusing.getByRole('button', { name: '順番が近づいたら通知する' }).count()).toBe(0);

    // No PushManager (an iPhone's Safari outside an installed app): the plain sentence, no button.
    const iphone = await screen.openBrowser(PHONE);
    const safari = await iphone.newPage();
    await safari.addInitScript(() => {
      delete (window as unknown as { PushManager?: unknown }).PushManager;
    });
    await safari.goto(url);
    await safari.locator('.my-number').waitFor();
    await safari.getByText(CANNOT).waitFor();
    expect(await safari.getByRole('button', { name: '順番が近づいたら通知する' }).count()).toBe(0);
    await safari.screenshot({ path: screenshotPath('ticket-push-cannot'), fullPage: true });
    await expectNoAxeViolations(safari, 'ticket-push-cannot');
  }, 120_000);

  it('says it in English for an English reader', async () => {
    const url = await ticketUrl();
    const phone = await screen.openBrowser({ ...PHONE, locale: 'en-US' });
    const page = await phone.newPage();
    await page.addInitScript(() => {
      delete (window as unknown as { PushManager?: unknown }).PushManager;
    });
    await page.goto(url);
    await page.getByText('This phone’s browser cannot receive notifications. Please keep this page open, or check the screen at reception.').waitFor();
  }, 60_000);
});
