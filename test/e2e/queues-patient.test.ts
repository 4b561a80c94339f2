/**
 * Several queues in one clinic on the patient screens (issue 43, docs/decisions/061), in real Chromium against
 * the real server: two queues added to the store beside the first (予防接種 from 501, 発熱外来 from 801 at the
 * desk only), the installed app at a phone's 390×844 offers the three as 受付の種類, the desk-only one shown
 * but not offered; the patient takes a number in the second through the real screen and the card names it
 * with that queue's own place and wait; the full list, the public page and the English screens show each
 * queue; a `?queue=` link preselects; and a one-queue clinic never loads the queues chunk. Screens are
 * screenshotted and checked with axe-core.
 */
import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { mainText } from './pwa-support.js';
import { staffScreen } from './support/staff-screen.js';
import { openPatientViewer, type Opened } from './support/viewers.js';

const PHONE_SCREEN = { width: 390, height: 844 };

describeBrowser('several queues on the patient screens', () => {
  // Reception opens in each test, after the queues are in: a session gives every queue its range of numbers.
  // A general LIFF app, so /web/all's sections link to booking on their queue (decision 066).
  const screen = staffScreen({ server: () => ({ env: { RATE_LIMIT: 'off', LINE_LIFF_ID: '1650000000-AbCdEfGh' } }) });
  let viewer: Opened | undefined;
  afterEach(async () => {
    await viewer?.close();
    viewer = undefined;
  });

  /** The two further queues, as the queue settings will add them; the first ('main', 一般) came with the store. */
  async function seedQueues() {
    const createdAt = new Date().toISOString();
    const common = { online_cap: 0, keep_every: 0, family_max: 1, hours: null, version: 0, created_at: createdAt, removed_at: null };
    await screen.server.store.db
      .insertInto('queues')
      .values([
        { ...common, id: 'vaccine', position: 1, name_ja: '予防接種', name_en: 'Vaccination', description_ja: 'インフルエンザ・コロナの予防接種', description_en: 'Flu and COVID shots', first_number: 501, online: 1 },
        { ...common, id: 'fever', position: 2, name_ja: '発熱外来', name_en: 'Fever clinic', description_ja: '発熱・せきのある方', description_en: 'For fever or cough', first_number: 801, online: 0 },
      ])
      .execute();
    await screen.openReception();
    // Walk-ins at the desk in each queue: the writes also carry the queues to every open stream.
    for (const queueId of ['main', 'main', 'vaccine', 'fever']) await screen.staff('allocateNextSlot', { reservedType: 'ADMIN', queueId });
  }

  const takenRows = () =>
    screen.server.store.db
      .selectFrom('reservation_slots')
      .select(['reservation_number', 'queue_id', 'reserved_type'])
      .where('is_reserved', '=', 1)
      .orderBy('reservation_number')
      .execute();

  const queueFiles = (page: Page) =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => /^\/assets\/(queues|QueueList)-/.test(p)),
    );

  async function openApp(locale = 'ja-JP') {
    viewer = await openPatientViewer('pwa', screen.server.url, { viewport: PHONE_SCREEN, locale });
    await viewer.page.waitForURL(`${screen.server.url}/pwa/book`);
    return viewer.page;
  }

  it('offers the three queues, takes a number in the second through the screen, and shows it on the card and the list', async () => {
    await seedQueues();
    const page = await openApp();
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([390, 844]);
    const choice = page.getByRole('group', { name: '受付の種類' });
    await choice.waitFor({ timeout: 10_000 });
    expect(await choice.getByRole('radio').count()).toBe(3);
    const vaccine = choice.getByRole('radio', { name: '予防接種' });
    const fever = choice.getByRole('radio', { name: '発熱外来' });
    expect(await vaccine.isEnabled()).toBe(true);
    expect(await fever.isDisabled()).toBe(true);
    const text = await mainText(page);
    expect(text).toContain('インフルエンザ・コロナの予防接種');
    expect(text).toContain('この受付は窓口で受け付けます（オンラインではお取りできません）。');
    // Each queue's own waiting count: 2 in 一般, 1 in 予防接種, 1 in 発熱外来.
    expect(text).toMatch(/一般\s+待ち人数 2人/);
    expect(text).toMatch(/予防接種\s+インフルエンザ・コロナの予防接種\s+待ち人数 1人/);
    const take = page.getByRole('button', { name: '受付番号を取得する' });
    expect(await take.isDisabled()).toBe(true);
    await expectNoAxeViolations(page, '/pwa/book with three queues');
    await page.screenshot({ path: screenshotPath('queues-pwa-book-three'), fullPage: true });

    await choice.getByText('予防接種', { exact: true }).click();
    expect(await vaccine.isChecked()).toBe(true);
    await expect.poll(() => take.isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.screenshot({ path: screenshotPath('queues-pwa-book-chosen') });
    await take.click();
    await page.waitForURL(`${screen.server.url}/pwa/my`);
    const card = page.getByRole('region', { name: 'あなたの受付番号' });
    await card.waitFor({ timeout: 10_000 });
    await expect.poll(() => card.locator('.my-number').innerText(), { timeout: 10_000 }).toBe('予防接種 502番');
    // Behind the desk's 501 in its own queue, whatever waits in the others.
    await expect.poll(async () => (await card.innerText()).replace(/\s+/g, ' '), { timeout: 10_000 }).toContain('あなたの前に 1人');
    expect((await takenRows()).map((r) => [r.reservation_number, r.queue_id, r.reserved_type])).toEqual([
      [1, 'main', 'ADMIN'],
      [2, 'main', 'ADMIN'],
      [501, 'vaccine', 'ADMIN'],
      [502, 'vaccine', 'PWA'],
      [801, 'fever', 'ADMIN'],
    ]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page, '/pwa/my with a number in the second queue');
    await page.screenshot({ path: screenshotPath('queues-pwa-my-card') });

    await page.getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name: '受付番号一覧' }).click();
    const mine = page.getByRole('region', { name: '予防接種' });
    await mine.waitFor({ timeout: 10_000 });
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(['一般', '予防接種', '発熱外来']);
    expect((await mine.innerText()).replace(/\s+/g, ' ')).toContain('あなたの前に 1人 ／ 待ち人数 2人');
    await expectNoAxeViolations(page, '/pwa/all with three queues');
    await page.screenshot({ path: screenshotPath('queues-pwa-all'), fullPage: true });
  });

  it('reads in English, offers 「どちらの医師でも」 when the clinic does, and a ?queue= link opens the book screen on that queue', async () => {
    await seedQueues();
    await screen.staff('saveQueueChoices', { anyQueue: true, numberPerQueue: false });
    const page = await openApp('en-US');
    await page.goto(`${screen.server.url}/pwa/book?queue=vaccine`);
    const choice = page.getByRole('group', { name: 'Service' });
    await choice.waitFor({ timeout: 10_000 });
    expect(await choice.getByRole('radio', { name: 'Vaccination' }).isChecked()).toBe(true);
    // Read from getQueues' choices: two queues online, so the earliest-queue choice is offered too.
    await choice.getByRole('radio', { name: /^Any doctor/ }).waitFor({ timeout: 10_000 });
    const text = await mainText(page);
    expect(text).toContain('Flu and COVID shots');
    expect(text).toContain('This service is at the reception desk only (not online).');
    await expectNoAxeViolations(page, 'English /pwa/book with three queues');
    await page.screenshot({ path: screenshotPath('en-queues-pwa-book-three'), fullPage: true });
    const take = page.getByRole('button', { name: 'Get a number' });
    await expect.poll(() => take.isEnabled(), { timeout: 10_000 }).toBe(true);
    await take.click();
    await page.waitForURL(`${screen.server.url}/pwa/my`);
    const card = page.getByRole('region', { name: 'Your number' });
    await card.waitFor({ timeout: 10_000 });
    await expect.poll(() => card.locator('.my-number').innerText(), { timeout: 10_000 }).toBe('Vaccination No. 502');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page, 'English /pwa/my with a number in the second queue');
    await page.screenshot({ path: screenshotPath('en-queues-pwa-my-card') });
  });

  it('shows the public page each queue, from its own chunk', async () => {
    await seedQueues();
    const context = await screen.openBrowser({ viewport: PHONE_SCREEN, locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(`${screen.server.url}/web/all`);
    await page.getByRole('region', { name: '発熱外来' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(['一般', '予防接種', '発熱外来']);
    expect(await page.getByRole('table', { name: 'オンライン受付時間（今後1週間）' }).count()).toBe(1);
    // Each queue taking numbers online links to the mini-app's book screen on it; the desk-only one does not.
    const vaccine = page.getByRole('region', { name: '予防接種' }).getByRole('link', { name: '予防接種を予約（LINE）' });
    expect(await vaccine.getAttribute('href')).toBe('https://liff.line.me/1650000000-AbCdEfGh/book?queue=vaccine');
    expect(await page.getByRole('region', { name: '一般' }).getByRole('link').getAttribute('href')).toBe('https://liff.line.me/1650000000-AbCdEfGh/book?queue=main');
    expect(await page.getByRole('region', { name: '発熱外来' }).getByRole('link').count()).toBe(0);
    await expectNoAxeViolations(page, '/web/all with three queues');
    await page.screenshot({ path: screenshotPath('queues-web-all'), fullPage: true });
  });

  it('leaves the queues chunk unloaded in a clinic with one queue', async () => {
    await screen.openReception();
    const page = await openApp();
    const take = page.getByRole('button', { name: '受付番号を取得する' });
    await expect.poll(() => take.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('group', { name: '受付の種類' }).count()).toBe(0);
    await take.click();
    await page.waitForURL(`${screen.server.url}/pwa/my`);
    await page.getByRole('region', { name: 'あなたの受付番号' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('.my-number').innerText()).toBe('1番');
    await page.getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name: '受付番号一覧' }).click();
    await page.locator('.queue-table').waitFor({ timeout: 10_000 });
    expect(await queueFiles(page)).toEqual([]);
  });
});
