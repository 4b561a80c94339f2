/**
 * Every patient and staff screen (a11y-screens.ts) in real Chromium against the real server, with only
 * LINE faked: axe-core finds no serious or critical violation on any of them; and, in browsers whose text
 * setting is doubled (200 %, WCAG 1.4.4), every patient screen keeps every control on screen, uncovered and
 * reachable, with no sideways scrolling. Each screen is visited on its own clinic day (a fresh server) in
 * a fresh browser, set up first as a11y-screens.ts says, so the visits run in any order.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { lineWebEnv, startFakeLine } from '../fakes/line-server.js';
import { mustCall, pwaPatient } from '../support/client.js';
import { SCREENS, type ScreenVisit, type Viewer } from './a11y-screens.js';
import { axeViolations, expectNoSeriousAxeViolations } from './support/axe.js';
import { describeBrowser, launchBrowser, screenshotPath } from './support/browser.js';
import { appPatientToken, takeNumberInApp } from './pwa-support.js';
import { unusableControls } from './support/usable.js';
import { staffScreen } from './support/staff-screen.js';
import { openDesk, openPatientViewer, type Opened, type PatientViewer } from './support/viewers.js';

function suite(title: string, options: { textPx?: number }) {
  describeBrowser(title, () => {
    /** Each screen's own clinic day (and LINE): reception open and walk-ins 1-3. */
    const clinic = staffScreen({
      fake: startFakeLine,
      server: (fake) => ({ env: { ...lineWebEnv(fake), CLINIC_NAME: 'テストクリニック' } }),
      reception: 'both',
    });
    let opened: Opened | undefined;

    beforeEach(async () => {
      for (let i = 0; i < 3; i++) await clinic.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    });
    afterEach(async () => {
      await opened?.close();
      opened = undefined;
    });

    async function viewer(kind: Viewer): Promise<Page> {
      opened =
        kind === 'desk' || kind === 'deskSignedOut'
          ? await openDesk(clinic.browser, clinic.server.url, kind === 'desk' ? clinic.cookie : undefined)
          : await openPatientViewer(kind as PatientViewer, clinic.server.url, { textPx: options.textPx, locale: 'ja-JP' });
      return opened.page;
    }

    /**
     * A number for the viewer's own patient, through the API (taking one on screen is line-reserved's and
     * pwa-my's visit); with `members`, a family's numbers (the desk's: another patient's).
     */
    async function holdNumber(page: Page, kind: Viewer, members?: string[]): Promise<string> {
      if (members && kind.startsWith('desk')) {
        const { token } = await pwaPatient(clinic.server.url);
        return (await mustCall<{ slotId: string }>(clinic.server.url, 'allocateNextSlot', { reservedType: 'PWA', members }, { token })).slotId;
      }
      if (kind === 'pwa') {
        if (!members) return (await takeNumberInApp(page, clinic.server.url)).slotId;
        const token = await appPatientToken(page, clinic.server.url);
        return (await mustCall<{ slotId: string }>(clinic.server.url, 'allocateNextSlot', { reservedType: 'PWA', members }, { token })).slotId;
      }
      // LINE's browser signs in when it first opens a LINE screen; the session lives in the tab.
      await page.goto(`${clinic.server.url}/line/book`);
      const stored = await page.waitForFunction(() => sessionStorage.getItem('line_token'));
      const token = JSON.parse((await stored.jsonValue()) as string) as string;
      return (await mustCall<{ slotId: string }>(clinic.server.url, 'allocateNextSlot', { reservedType: 'LINE', members }, { token })).slotId;
    }

    async function visit(screen: ScreenVisit): Promise<Page> {
      if (screen.before === 'closeOnline') await mustCall(clinic.server.url, 'endOnlineReception', {}, { cookie: clinic.cookie });
      if (screen.before === 'familiesOn' || screen.before === 'holdFamily') {
        await mustCall(clinic.server.url, 'saveAllocationSettings', { keepEvery: 0, onlineCap: 0, familyMax: 3 }, { cookie: clinic.cookie });
      }
      const page = await viewer(screen.in);
      if (screen.before === 'holdNumber') await holdNumber(page, screen.in);
      if (screen.before === 'holdFamily') await holdNumber(page, screen.in, ['たろう', '', 'じろう']);
      if (screen.before === 'absentNumber') {
        const slotId = await holdNumber(page, screen.in);
        await mustCall(clinic.server.url, 'markAbsent', { slotId, absences: 0 }, { cookie: clinic.cookie });
      }
      if (screen.before === 'failChunks') await page.route(/\/assets\/WebApp-[^/]*\.js$/, (route) => route.abort());
      await page.goto(`${clinic.server.url}${screen.path}`);
      if (screen.before === 'familiesOn') {
        const three = page.getByRole('group', { name: '人数' }).getByText('3人', { exact: true });
        await three.waitFor({ timeout: 15_000 });
        await three.click();
      }
      if (screen.before === 'take') {
        const take = page.getByRole('button', { name: '受付番号を取得する' });
        await expect.poll(() => take.isEnabled(), { timeout: 15_000 }).toBe(true);
        await take.click();
      }
      await page.getByText(screen.ready).first().waitFor({ timeout: 15_000 });
      if (screen.before === 'failChunks') await page.unrouteAll();
      return page;
    }

    const patientOnly = options.textPx !== undefined;
    for (const screen of SCREENS) {
      if (patientOnly && screen.in.startsWith('desk')) continue;
      it(`${screen.name}${patientOnly ? ' at 200 % text' : ''}`, async () => {
        const page = await visit(screen);
        if (patientOnly) {
          expect(await unusableControls(page), screen.name).toEqual([]);
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: screenshotPath(`a11y-${screen.name}-200`) });
        } else {
          await expectNoSeriousAxeViolations(page, screen.name);
        }
      });
    }
  });
}

describeBrowser('the axe helper', () => {
  it('finds serious violations where there are some, under a CSP that forbids inline scripts', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.route('http://a11y.test/', (route) =>
        route.fulfill({
          contentType: 'text/html',
          headers: { 'content-security-policy': "default-src 'self'; script-src 'self'" },
          body: '<!doctype html><html><head><title>t</title></head><body><main><button></button><img src="x.png"></main></body></html>',
        }),
      );
      await page.goto('http://a11y.test/');
      const ids = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
      expect(ids).toEqual(expect.arrayContaining(['button-name', 'image-alt', 'html-has-lang']));
      await expect(expectNoSeriousAxeViolations(page, 'a broken page')).rejects.toThrow(/axe on a broken page/);
    } finally {
      await browser.close();
    }
  });
});

suite('axe-core on every patient and staff screen', {});
suite('every patient screen at 200 % text', { textPx: 32 });
