/**
 * The patient screens in English (docs/decisions/023) in real Chromium at 390×844: a browser preferring
 * en-US gets English (screenshots of book, the confirmation, my reservation, the full list, the closed card
 * and the error screen), one preferring ja-JP Japanese; the 日本語 / English switch is remembered across a
 * reload, and axe finds nothing serious on any English screen; the English strings are fetched only by English readers; the number taken in English carries
 * the language for its notices; staff screens stay Japanese whatever the browser prefers.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lineWebEnv, startFakeLine } from '../fakes/line-server.js';
import { mustCall } from '../support/client.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { expectNoAxeViolations, expectNoSeriousAxeViolations } from './support/axe.js';
import { unusableControls } from './support/usable.js';
import { staffScreen } from './support/staff-screen.js';
import { openPatientViewer, type Opened } from './support/viewers.js';

/** The patient screenshots' size (the common brief): a 390×844 phone. */
const PHONE_SCREEN = { width: 390, height: 844 };
const ENGLISH_CHUNK = /\/assets\/patient-en-[^/]*\.js$/;

describeBrowser('patient screens in English', () => {
  const screen = staffScreen({
    per: 'file',
    fake: startFakeLine,
    server: (fake) => ({ env: { ...lineWebEnv(fake), CLINIC_NAME: 'Sakura Clinic' } }),
    reception: 'both',
  });
  const opened: Opened[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
  });
  afterAll(async () => {
    for (const viewer of opened) await viewer.close();
  });

  async function open(kind: 'line' | 'phone', locale: string): Promise<{ page: Page; requests: string[] }> {
    const viewer = await openPatientViewer(kind, screen.server.url, { locale, viewport: PHONE_SCREEN });
    opened.push(viewer);
    const requests: string[] = [];
    viewer.page.on('request', (request) => requests.push(request.url()));
    return { page: viewer.page, requests };
  }
  const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

  it('shows every LINE screen in English to a browser preferring en-US, and the number keeps the language', async () => {
    const { page, requests } = await open('line', 'en-US');
    expect(page.viewportSize()).toEqual(PHONE_SCREEN);
    await page.goto(`${screen.server.url}/line/book`);
    const take = page.getByRole('button', { name: 'Get a number' });
    await expect.poll(() => take.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await htmlLang(page)).toBe('en');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Get a number');
    expect(await page.getByText('People waiting now').count()).toBe(1);
    expect(requests.some((url) => ENGLISH_CHUNK.test(url))).toBe(true);
    await page.screenshot({ path: screenshotPath('en-line-book') });
    await expectNoSeriousAxeViolations(page, 'en-line-book');

    await take.click();
    await page.getByText('You have a number').waitFor();
    await page.screenshot({ path: screenshotPath('en-line-reserved') });
    await expectNoSeriousAxeViolations(page, 'en-line-reserved');
    const slot = await screen.server.store.db.selectFrom('reservation_slots').select(['reservation_number', 'notice_lang']).where('reserved_type', '=', 'LINE').executeTakeFirstOrThrow();
    expect(slot).toEqual({ reservation_number: 3, notice_lang: 'en' });

    await page.goto(`${screen.server.url}/line/my`);
    await page.getByRole('heading', { name: 'Your number' }).waitFor();
    const main = await page.locator('main').innerText();
    expect(main).toContain('No. 3');
    expect(main).toContain('2 ahead of you');
    // Tokyo's day and time in the English pattern: "Mon 23 Nov 2026 04:05".
    expect(main).toMatch(/(Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}/);
    await page.screenshot({ path: screenshotPath('en-line-my') });
    await expectNoSeriousAxeViolations(page, 'en-line-my');
    // Staff start the first walk-in: the polite region says the new place, once.
    const first = await screen.server.store.db.selectFrom('reservation_slots').select('id').where('reservation_number', '=', 1).executeTakeFirstOrThrow();
    await mustCall(screen.server.url, 'markSlot', { slotId: first.id, action: 'start' }, { cookie: screen.cookie });
    const region = page.getByTestId('ahead-announcer');
    expect(await region.getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => region.innerText(), { timeout: 10_000 }).toBe('1 ahead of you now.');

    await page.goto(`${screen.server.url}/line/all`);
    await page.getByText('1 ahead of you / 2 waiting').waitFor();
    expect(await page.getByRole('table').innerText()).toContain('You');
    await page.screenshot({ path: screenshotPath('en-line-all') });
    await expectNoSeriousAxeViolations(page, 'en-line-all');
  });

  it('shows the closed card and the error screen in English', async () => {
    const { page } = await open('phone', 'en-US');
    await page.goto(`${screen.server.url}/line/closed`);
    await page.getByText('Online reception is closed now').waitFor();
    await page.screenshot({ path: screenshotPath('en-closed') });
    await expectNoSeriousAxeViolations(page, 'en-closed');

    await page.route(/\/assets\/WebApp-[^/]*\.js$/, (route) => route.abort());
    await page.goto(`${screen.server.url}/web/all`);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('The screen failed to load (Loading chunk failed)');
    await page.screenshot({ path: screenshotPath('en-error') });
    // Not even a moderate one: role="alert" on <main> used to hide the main landmark.
    await expectNoAxeViolations(page, 'en-error');
    await page.unrouteAll();
  });

  it('shows Japanese to a browser preferring ja-JP, without fetching English; the switch is remembered', async () => {
    const { page, requests } = await open('phone', 'ja-JP');
    await page.goto(`${screen.server.url}/web/all`);
    await page.getByRole('heading', { name: '受付番号一覧' }).waitFor();
    expect(await htmlLang(page)).toBe('ja');
    expect(requests.filter((url) => ENGLISH_CHUNK.test(url))).toEqual([]);

    const switcher = page.getByRole('navigation', { name: '表示言語' });
    await switcher.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Queue' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Language' }).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('clinic.lang'))).toBe('en');

    await page.reload();
    await page.getByRole('heading', { name: 'Queue' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await page.getByRole('navigation', { name: 'Language' }).getByRole('button', { name: '日本語' }).click();
    await page.getByRole('heading', { name: '受付番号一覧' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: '受付番号一覧' }).waitFor();
    expect(await htmlLang(page)).toBe('ja');
  });

  it('keeps every control of the English screens usable at 200 % text', async () => {
    const viewer = await openPatientViewer('line', screen.server.url, { locale: 'en-US', viewport: PHONE_SCREEN, textPx: 32 });
    opened.push(viewer);
    const { page } = viewer;
    for (const [path, ready] of [
      ['/line/my', 'Your number'],
      ['/line/all', 'Queue'],
      ['/line/book', 'Get a number'],
    ]) {
      await page.goto(`${screen.server.url}${path}`);
      await page.getByRole('heading', { name: ready }).first().waitFor({ timeout: 15_000 });
      expect(await unusableControls(page), path).toEqual([]);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('en-line-book-200') });
  });

  it('keeps the staff screens Japanese, with no switch, in a browser preferring English', async () => {
    const context = await screen.browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'en-US', timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    await page.goto(`${screen.server.url}/admin/queue`);
    await page.getByRole('heading', { name: 'スタッフログイン' }).waitFor();
    expect(await htmlLang(page)).toBe('ja');
    expect(await page.getByRole('button', { name: 'English' }).count()).toBe(0);
    await context.close();
  });
});
