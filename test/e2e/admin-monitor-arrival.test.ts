/**
 * The wall monitor's part of issue 34 in real Chromium: the strip of numbers called and absent, and the
 * check-in code in its corner — shown once staff open the monitor signed in, still shown after the
 * session is gone (the key kept on the device) and when the codes are renewed, gone when its key is
 * renewed, and never without a key.
 * At the wall's 1920×1080 and at a smaller 1280×720, a full day's queue still fits without scrolling.
 */
import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { mustCall, pwaPatient } from '../support/client.js';
import { DESK } from './admin-support.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

type Taken = { slotId: string; reservationNumber: number };

describeBrowser('the wall monitor: absent numbers and the check-in code', () => {
  const screen = staffScreen({ reception: 'inhouse' });
  let slots: Map<number, string>;

  beforeEach(() => {
    slots = new Map();
  });

  async function take(count: number) {
    for (let i = 0; i < count; i++) {
      const taken = await screen.staff<Taken>('allocateNextSlot', { reservedType: 'ADMIN' });
      slots.set(taken.reservationNumber, taken.slotId);
    }
  }
  const absent = (n: number, absences: number) => screen.staff('markAbsent', { slotId: slots.get(n), absences });

  /** A monitor opened signed in (staff set it up) or not (an ordinary browser on the wall). */
  async function openMonitor(signedIn: boolean, viewport = DESK.viewport): Promise<Page> {
    const context = signedIn ? await screen.openDesk() : await screen.openBrowser(DESK);
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    // The monitor asks for its setup once as it opens (refused when signed out): wait for that answer.
    const setup = page.waitForResponse((r) => r.url().endsWith('/api/fn/getArrivalSetup'));
    await page.goto(`${screen.server.url}/admin/monitor`);
    await setup;
    await page.getByRole('heading', { name: /ただいま \d+人 お待ちです/ }).waitFor();
    return page;
  }
  const codeLine = (page: Page) => page.locator('.monitor-checkin');

  it('lists the numbers called and absent, and shows a code a patient can check in with', async () => {
    await take(8);
    const monitor = await openMonitor(true);
    await codeLine(monitor).waitFor();
    const text = await codeLine(monitor).innerText();
    expect(text).toMatch(/^来院確認コード \d{4}$/);
    expect(await monitor.evaluate(() => localStorage.getItem('qa_monitorKey'))).toMatch(/^[0-9a-f]{16,}$/);

    await absent(2, 0); // moved back
    await absent(5, 0);
    await absent(5, 1); // held at the second absence
    const strip = monitor.getByRole('region', { name: '不在の方は受付へお声がけください' });
    await expect.poll(() => strip.getByRole('listitem').allInnerTexts()).toEqual(['2番', '5番']);
    // The grid as before, in queue order: 2 moved back behind 5; 5, moved back then held, stands last (呼出時不在).
    const cells = await monitor.locator('.monitor-cell').allInnerTexts();
    expect(cells.slice(0, 4)).toEqual(['1番\n0人', '3番\n1人', '4番\n2人', '2番\n3人']);
    expect(cells.at(-1)).toBe('5番\n呼出時不在');
    await monitor.screenshot({ path: screenshotPath('admin-monitor-absent') });
    await expectNoSeriousAxeViolations(monitor, 'the monitor with absent numbers and the code');

    // The code on the wall is one a patient can use.
    await screen.staff('startOnlineReception');
    const patient = await pwaPatient(screen.server.url);
    const { slotId } = await mustCall<Taken>(screen.server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
    const code = text.replace('来院確認コード ', '');
    await mustCall(screen.server.url, 'checkIn', { slotId, code }, { token: patient.token });
  });

  it('keeps the code after the staff session is gone and when the codes are renewed; drops it once its key is renewed', async () => {
    await take(3);
    const monitor = await openMonitor(true);
    await codeLine(monitor).waitFor();
    await monitor.context().clearCookies();
    await monitor.reload();
    await monitor.getByRole('heading', { name: 'ただいま 3人 お待ちです' }).waitFor();
    await codeLine(monitor).waitFor();

    // New codes: the monitor keeps its key and shows the new secret's code (decision 059).
    await screen.staff('renewCheckinCodes');
    await monitor.reload();
    await monitor.getByRole('heading', { name: 'ただいま 3人 お待ちです' }).waitFor();
    await codeLine(monitor).waitFor();
    expect(await monitor.evaluate(() => localStorage.getItem('qa_monitorKey'))).not.toBeNull();

    // A new monitor key: this monitor is unplugged until staff open it again.
    await screen.staff('renewMonitorKey');
    await monitor.reload();
    await monitor.getByRole('heading', { name: 'ただいま 3人 お待ちです' }).waitFor();
    await expect.poll(() => monitor.evaluate(() => localStorage.getItem('qa_monitorKey'))).toBeNull();
    expect(await codeLine(monitor).count()).toBe(0);
  });

  it('shows no code on a monitor never opened by screen.staff, and keeps running', async () => {
    await take(3);
    const monitor = await openMonitor(false);
    // Its one getArrivalSetup was refused (no session) and it has no key: no code, nothing asked.
    expect(await codeLine(monitor).count()).toBe(0);
    expect(await monitor.locator('.monitor-footer').count()).toBe(0);
    await take(1);
    await monitor.getByRole('heading', { name: 'ただいま 4人 お待ちです' }).waitFor();
  });

  for (const viewport of [DESK.viewport, { width: 1280, height: 720 }]) {
    it(`fits a full day with absences and the code at ${viewport.width}×${viewport.height}`, async () => {
      await take(200);
      for (const n of [3, 9, 14, 27, 41]) await absent(n, 0);
      for (const n of [9, 27]) await absent(n, 1);
      const monitor = await openMonitor(true, viewport);
      await codeLine(monitor).waitFor();
      const strip = monitor.getByRole('region', { name: '不在の方は受付へお声がけください' });
      await expect.poll(() => strip.getByRole('listitem').allInnerTexts()).toEqual(['3番', '9番', '14番', '27番', '41番']);
      await expect.poll(() => monitor.locator('.monitor-cell').count()).toBe(200);
      const fit = await monitor.evaluate(() => {
        const boxes = [...document.querySelectorAll<HTMLElement>('.monitor-cell, .monitor-footer, .monitor-checkin')];
        const outside = boxes.filter((c) => {
          const r = c.getBoundingClientRect();
          return r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5;
        });
        const cells = [...document.querySelectorAll<HTMLElement>('.monitor-cell')];
        const footerTop = document.querySelector('.monitor-footer')!.getBoundingClientRect().top;
        const scroller = document.scrollingElement!;
        return {
          scrolls: scroller.scrollHeight > innerHeight || scroller.scrollWidth > innerWidth,
          outside: outside.map((c) => c.innerText),
          clipped: cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.innerText),
          underFooter: cells.filter((c) => c.getBoundingClientRect().bottom > footerTop + 0.5).length,
        };
      });
      expect(fit).toEqual({ scrolls: false, outside: [], clipped: [], underFooter: 0 });
      await monitor.screenshot({ path: screenshotPath(`admin-monitor-arrival-${viewport.width}`) });
    });
  }
});
