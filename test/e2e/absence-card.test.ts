/**
 * The patient's card after an absence (issue 34) in real Chromium at 390×844, against the real server with
 * only LINE faked: staff mark the patient absent through the API (markAbsent, as the desk's 不在 button
 * does) and the card, following the public stream, says plainly what happened and where the patient is now:
 * moved back (LINE's in-app browser, then in English) and, at the second absence, held (the installed app).
 * Each state is screenshotted, its text asserted, read out in the polite region, and checked with axe-core;
 * and at 200 % text every control stays usable.
 */
import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { lineWebEnv, startFakeLine } from '../fakes/line-server.js';
import { mustCall } from '../support/client.js';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { mainText, takeNumberInApp } from './pwa-support.js';
import { unusableControls } from './support/usable.js';
import { staffScreen } from './support/staff-screen.js';
import { openPatientViewer, type Opened, type PatientViewer } from './support/viewers.js';

const PHONE_SCREEN = { width: 390, height: 844 };
const MOVED = 'お呼びしましたがいらっしゃらなかったため、順番を3人後ろに移しました。';
const HELD = 'お呼びしましたがいらっしゃらなかったため、保留になりました。受付にお声がけください。';

describeBrowser('the patient’s card after an absence', () => {
  const screen = staffScreen({
    browser: false,
    fake: startFakeLine,
    server: (fake) => ({ env: { ...lineWebEnv(fake), CLINIC_NAME: 'テストクリニック' } }),
    reception: 'both',
  });
  let viewer: Opened | undefined;

  afterEach(async () => {
    try {
      expect(screen.fake.unexpected).toEqual([]);
    } finally {
      await viewer?.close();
      viewer = undefined;
    }
  });

  /**
   * The viewer's own patient takes number 1 (through the API with the viewer's own session), walk-ins 2-6
   * follow, and /my opens showing nobody ahead.
   */
  async function firstInLine(kind: PatientViewer, options: { locale?: string; textPx?: number } = {}) {
    viewer = await openPatientViewer(kind, screen.server.url, { viewport: PHONE_SCREEN, locale: options.locale ?? 'ja-JP', textPx: options.textPx });
    const { page } = viewer;
    let slotId: string;
    if (kind === 'pwa') {
      await page.waitForURL(`${screen.server.url}/pwa/book`);
      slotId = (await takeNumberInApp(page, screen.server.url)).slotId;
    } else {
      await page.goto(`${screen.server.url}/line/book`);
      const stored = await page.waitForFunction(() => sessionStorage.getItem('line_token'));
      const token = JSON.parse((await stored.jsonValue()) as string) as string;
      slotId = (await mustCall<{ slotId: string }>(screen.server.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token })).slotId;
    }
    for (let i = 0; i < 5; i++) await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    await page.goto(`${screen.server.url}/${kind === 'pwa' ? 'pwa' : 'line'}/my`);
    return { page, slotId };
  }

  const card = (page: Page) => page.getByRole('region', { name: /あなたの受付番号|Your number/ }).innerText();
  const announced = (page: Page) => page.getByTestId('ahead-announcer').innerText();
  const markAbsent = (slotId: string, absences: number) =>
    screen.staff<{ changed: boolean; outcome: string | null }>('markAbsent', { slotId, absences });

  it('tells a LINE patient they were moved back three places, with the three now ahead, and reads it out', async () => {
    const { page, slotId } = await firstInLine('line');
    await expect.poll(() => mainText(page), { timeout: 10_000 }).toContain('あなたの前に 0人');
    expect(await card(page)).not.toContain('お呼びしましたが');

    expect(await markAbsent(slotId, 0)).toMatchObject({ changed: true, outcome: 'moved' });
    await expect.poll(() => card(page), { timeout: 10_000 }).toContain(MOVED);
    expect(await card(page)).toContain('あなたの前に 3人');
    await expect.poll(() => announced(page)).toBe(`${MOVED} あなたの前は 3人になりました。`);
    await page.screenshot({ path: screenshotPath('absence-line-moved') });
    await expectNoAxeViolations(page, 'absence-line-moved');

    // The card says it after a reload too: it is the server's word, not a memory of the stream.
    await page.reload();
    await expect.poll(() => card(page), { timeout: 10_000 }).toContain(MOVED);
  });

  it('tells an app patient at the second absence that the number is held and to speak to the desk', async () => {
    const { page, slotId } = await firstInLine('pwa');
    await expect.poll(() => mainText(page), { timeout: 10_000 }).toContain('あなたの前に 0人');
    await markAbsent(slotId, 0);
    await expect.poll(() => card(page), { timeout: 10_000 }).toContain(MOVED);

    expect(await markAbsent(slotId, 1)).toMatchObject({ changed: true, outcome: 'held' });
    await expect.poll(() => card(page), { timeout: 10_000 }).toContain(HELD);
    const text = await card(page);
    expect(text).not.toContain('後ろに移しました');
    expect(text).not.toContain('あなたの前に');
    await expect.poll(() => announced(page)).toBe(HELD);
    await page.screenshot({ path: screenshotPath('absence-pwa-held') });
    await expectNoAxeViolations(page, 'absence-pwa-held');
  });

  it('says it in English after the switch, and keeps every control usable at 200 % text', async () => {
    const { page, slotId } = await firstInLine('line', { textPx: 32 });
    await expect.poll(() => mainText(page), { timeout: 10_000 }).toContain('あなたの前に 0人');
    await markAbsent(slotId, 0);
    await expect.poll(() => card(page), { timeout: 10_000 }).toContain(MOVED);
    expect(await unusableControls(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('absence-line-moved-200'), fullPage: true });

    await page.getByRole('navigation', { name: '表示言語' }).getByRole('button', { name: 'English' }).click();
    await expect
      .poll(() => card(page), { timeout: 10_000 })
      .toContain('We called you but you were not here, so we moved you back in the queue by 3.');
    expect(await card(page)).toContain('3 ahead of you');
    expect(await unusableControls(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('en-absence-line-moved-200'), fullPage: true });
    await expectNoAxeViolations(page, 'en-absence-line-moved');
  });
});
