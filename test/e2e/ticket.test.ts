/**
 * The printed ticket of a desk number (docs/decisions/068) in real Chromium against the real server: the desk
 * takes a walk-in number and prints its ticket in one tap; the paper is rendered as Chromium prints it, to
 * PDF (its page 58 mm or 80 mm wide, by the clinic's setting) and PNG, and its QR code, read back from the
 * pixels by a QR reader, is the ticket's own page with the token in the fragment. That page, on a phone at
 * 390×844 and at 200 % text, shows the number with no sign-in, checks in with the desk's code and gives the
 * number up; a reprint's old ticket is refused in the catalogue's words. axe-core checks each screen.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import jsqr from 'jsqr';
import { expect, it } from 'vitest';
import type { ArrivalSetup } from '../../src/shared/schemas/functions.js';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';
import { unusableControls } from './support/usable.js';

const PHONE = { width: 390, height: 844 };
const MM_IN_PT = 72 / 25.4;

/** The printer's dialog is the operating system's: the page's own print call is counted instead. */
async function countPrints(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { prints: number };
    w.prints = 0;
    window.print = () => void w.prints++;
  });
}
const prints = (page: Page) => page.evaluate(() => (window as unknown as { prints: number }).prints);

async function readQr(page: Page): Promise<string | null> {
  const png = (await page.locator('.ticket-print .ticket-qr').screenshot()).toString('base64');
  const image = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return { width: bitmap.width, height: bitmap.height, data: Array.from(data) };
  }, png);
  return jsqr.default(Uint8ClampedArray.from(image.data), image.width, image.height)?.data ?? null;
}

/** The printed page's width in millimetres, from the PDF's first MediaBox. */
function pdfWidthMm(path: string): number {
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(readFileSync(path, 'latin1'));
  if (!box) throw new Error('no MediaBox in the PDF');
  return Number(box[1]) / MM_IN_PT;
}

/** What the printer gets: the page as print media, to PDF at the paper's own size and to PNG. */
async function renderPaper(page: Page, name: string): Promise<number> {
  await page.emulateMedia({ media: 'print' });
  expect(await page.locator('.ticket-print').isVisible()).toBe(true);
  expect(await page.getByRole('navigation').isVisible()).toBe(false);
  await page.locator('.ticket-print .ticket-sheet').screenshot({ path: screenshotPath(name) });
  const pdf = screenshotPath(name).replace(/\.png$/, '.pdf');
  await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  return pdfWidthMm(pdf);
}

describeBrowser('the printed ticket', () => {
  const screen = staffScreen({ desk: { path: '/admin' }, reception: 'inhouse', server: () => ({ env: { CLINIC_NAME: 'さくら内科' } }) });

  it('prints a walk-in’s ticket at 58 mm, reprints it at 80 mm from its row; the page it opens works without an app', async () => {
    const { page } = screen;
    await screen.staff('saveTicketSettings', { paper: '58', note: 'お呼びするまで外出されても大丈夫です' });
    await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    await page.getByRole('button', { name: '新規受付' }).waitFor();
    await countPrints(page);
    await page.getByRole('button', { name: '新規受付' }).click();
    await page.getByRole('status').filter({ hasText: '2' }).waitFor();
    await page.getByRole('button', { name: '受付票を印刷' }).first().waitFor();
    await page.locator('.new-reception').getByRole('button', { name: '受付票を印刷' }).click();
    await expect.poll(() => prints(page)).toBe(1);

    const sheet = page.locator('.ticket-print .ticket-sheet');
    expect(await sheet.locator('.ticket-number').textContent()).toBe('2');
    const paperText = await sheet.evaluate((e) => e.textContent);
    expect(paperText).toContain('さくら内科');
    expect(paperText).toContain('受付時の待ち人数 1人');
    expect(paperText).toContain('お呼びするまで外出されても大丈夫です');
    // The token is on paper only as the QR code: never as text a camera-less reader copies out.
    const firstUrl = (await readQrOnPaper(page))!;
    expect(firstUrl).toMatch(new RegExp(`^${screen.server.url}/web/ticket#t=[A-Za-z0-9_-]{43}$`));
    expect(paperText).not.toContain(firstUrl.split('#t=')[1]);
    expect(await renderPaper(page, 'ticket-58mm')).toBeCloseTo(58, 0);

    // Reprint at 80 mm from the row: a new token, the first one refused from then on.
    await screen.staff('saveTicketSettings', { paper: '80', note: 'お呼びするまで外出されても大丈夫です' });
    // Number 2's row by its header (「2番…」): a row's text also holds its time, and 19:02 holds a 2 too.
    await page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^2番/ }) }).locator('.ticket-reprint').click();
    await expect.poll(() => prints(page)).toBe(2);
    const secondUrl = (await readQrOnPaper(page))!;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await renderPaper(page, 'ticket-80mm')).toBeCloseTo(80, 0);

    // The ticket's page on a phone, no sign-in.
    const phone = await screen.openBrowser({ viewport: PHONE, locale: 'ja-JP', isMobile: true, hasTouch: true });
    const ticket = await phone.newPage();
    // What the page asked and heard, said if its number never shows.
    const heard: string[] = [];
    ticket.on('console', (m) => heard.push(`console ${m.type()}: ${m.text()}`));
    ticket.on('response', (r) => void (r.url().includes('/api/') && heard.push(`${r.status()} ${new URL(r.url()).pathname}`)));
    ticket.on('requestfailed', (r) => heard.push(`failed ${new URL(r.url()).pathname}: ${r.failure()?.errorText ?? ''}`));
    await ticket.goto(secondUrl);
    await ticket.getByRole('heading', { name: '受付票', level: 1 }).waitFor();
    await ticket
      .locator('.my-number')
      .filter({ hasText: '2' })
      .waitFor()
      .catch(async (err: Error) => {
        throw new Error(`${err.message}\npage: ${await ticket.locator('main').innerText()}\n${heard.join('\n')}`);
      });
    const main = () => ticket.locator('main').innerText();
    expect(await main()).toContain('アプリもログインも要りません');
    expect(await main()).toContain('あなたの前に 1人');
    expect(await main()).toContain('さくら内科');
    await ticket.screenshot({ path: screenshotPath('ticket-page'), fullPage: true });
    await expectNoAxeViolations(ticket, 'ticket-page');

    // 200 % text: every control still on screen and uncovered.
    // (through the CSSOM: the page's CSP admits no inline style sheet, rightly)
    await ticket.evaluate(() => void (document.documentElement.style.fontSize = '200%'));
    expect(await unusableControls(ticket)).toEqual([]);
    await ticket.screenshot({ path: screenshotPath('ticket-page-200'), fullPage: true });

    // Check in with the desk's code, as the app does.
    const { deskCode } = await screen.staff<ArrivalSetup>('getArrivalSetup');
    await ticket.getByRole('button', { name: '来院しました' }).click();
    await ticket.getByLabel('待合室のモニターまたは受付の用紙にある来院確認コード（数字）を入力してください').fill(deskCode);
    await ticket.getByRole('button', { name: '来院を確認する' }).click();
    await ticket.getByText(/来院済み/).waitFor();

    // The old ticket is refused in plain words.
    const old = await phone.newPage();
    await old.goto(firstUrl);
    await old.getByText('この受付票は使えません。受付でお尋ねください。').waitFor();
    await expectNoAxeViolations(old, 'ticket-page-refused');

    // Giving the number up, confirmed first; the desk's list drops it.
    await ticket.getByRole('button', { name: '予約をキャンセルする' }).click();
    await ticket.getByRole('dialog').getByRole('button', { name: 'キャンセルする' }).click();
    await ticket.getByText('番号を取り消しました。').waitFor();
    const audit = await screen.staff<{ entries: { username: string; action: string }[] }>('getAuditLog', {});
    expect(audit.entries[0]).toMatchObject({ username: '受付票', action: 'ticket.cancel' });
    // One walk through print, paper, page, check-in and cancel: on a shared two-core machine it takes over a minute.
  }, 180_000);
});

async function readQrOnPaper(page: Page): Promise<string | null> {
  // The sheet is drawn for print only: show it as the printer would, read it, and go back.
  await page.emulateMedia({ media: 'print' });
  try {
    return await readQr(page);
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
}
