/**
 * A LINE patient's whole visit in real Chromium against the real server, with only LINE faked at its
 * HTTP edge: sign in through the web flow (LINE's in-app browser), take a number, see it on /line/my and
 * /line/all, watch both follow the queue live while staff work through the API, and cancel. Each step is
 * its own test on its own clinic day (fresh server and fake LINE); a later step first replays the earlier
 * ones through the API, so any one test runs alone or in any order.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { adminSnapshot, queueSnapshotText } from '../api/api-support.js';
import { LINE_PATHS, lineWebEnv, randomLineUserId, startFakeLine } from '../fakes/line-server.js';
import { mustCall } from '../support/client.js';
import { describeBrowser, PHONES, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

/** LINE's ordinary in-app browser on an iPhone: the web flow, not LIFF. */
const LINE_IN_APP = { ...PHONES.iphone, userAgent: `${PHONES.iphone.userAgent} Line/15.12.1` };
const DATE_TIME = /\d{4}\/\d{2}\/\d{2}\([日月火水木金土]\) \d{2}:\d{2}/;

describeBrowser('LINE mini-app: a patient visit', () => {
  const screen = staffScreen({
    fake: startFakeLine,
    server: (fake) => ({ env: { ...lineWebEnv(fake), LINE_LIFF_ID: '1650000000-AbCdEfGh', CLINIC_NAME: 'テストクリニック' } }),
    reception: 'both',
  });
  let context: BrowserContext | undefined;
  let assetRequests: string[];

  beforeEach(async () => {
    assetRequests = [];
    context = await screen.browser.newContext(LINE_IN_APP);
    context.on('request', (request) => assetRequests.push(request.url()));
  });
  afterEach(async () => {
    try {
      expect(screen.fake.unexpected).toEqual([]);
    } finally {
      await context?.close();
      context = undefined;
    }
  });

  const text = (page: Page) => page.locator('main').innerText();

  async function waitForText(page: Page, expected: string | RegExp) {
    await expect
      .poll(() => text(page), { timeout: 10_000 })
      .toMatch(typeof expected === 'string' ? new RegExp(expected.replace(/[()（）]/g, '\\$&')) : expected);
  }

  /** Walk-ins 1 and 2 handed out at the desk, and 山田 花子 the one who will sign in at LINE's authorize page. */
  async function twoWalkInsAndPatient() {
    await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    screen.fake.authorizeAs = { userId: randomLineUserId(), displayName: '山田 花子' };
  }

  /**
   * A new tab of LINE's browser on `path`, signed in through the web flow (no click: the fake's authorize
   * page answers at once; the first test checks what that flow sends). Each tab signs in for itself, as
   * the session lives in the tab's session storage.
   */
  async function signedInTab(path: string): Promise<Page> {
    const page = await context!.newPage();
    await page.goto(`${screen.server.url}${path}`);
    await page.waitForURL(`${screen.server.url}${path}`);
    return page;
  }

  /**
   * The patient took number 3 (through the API with the tab's own session, the book screen being the
   * second test's), the phone remembering it as the book screen leaves it; then /line/my and /line/all open.
   */
  async function numberThreeTaken(): Promise<{ mine: Page; list: Page }> {
    await twoWalkInsAndPatient();
    const mine = await signedInTab('/line/book');
    const stored = await mine.waitForFunction(() => sessionStorage.getItem('line_token'));
    const token = JSON.parse((await stored.jsonValue()) as string) as string;
    const taken = await mustCall<{ slotId: string; reservationNumber: number; reservation: { reservedAt: string } | null }>(
      screen.server.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token },
    );
    expect(taken.reservationNumber).toBe(3);
    const remembered = { slotId: taken.slotId, reservationNumber: 3, reservedAt: taken.reservation!.reservedAt };
    await mine.evaluate((r) => localStorage.setItem('latestReservationLine', JSON.stringify(r)), remembered);
    await mine.goto(`${screen.server.url}/line/my`);
    await waitForText(mine, 'あなたの前に 2人');
    const list = await signedInTab('/line/all');
    await waitForText(list, 'あなたの前に 2人 ／ 待ち人数 3人');
    return { mine, list };
  }

  it('signs in through LINE Login with state, nonce, PKCE and bot_prompt, then shows the book screen', async () => {
    await twoWalkInsAndPatient();

    const page = await context!.newPage();
    await page.goto(`${screen.server.url}/line/book`);
    await page.waitForURL(`${screen.server.url}/line/book`);
    await waitForText(page, '2人');

    const authorize = screen.fake.requests.find((r) => r.path === LINE_PATHS.authorize);
    expect(authorize?.query).toMatchObject({
      response_type: 'code',
      client_id: screen.fake.channelId,
      redirect_uri: `${screen.server.url}/line/callback?to=book`,
      scope: 'openid profile',
      bot_prompt: 'aggressive',
      code_challenge_method: 'S256',
    });
    expect(authorize?.query?.state).toMatch(/^[\w-]{40,}$/);
    expect(authorize?.query?.nonce).toMatch(/^[\w-]{20,}$/);
    expect(authorize?.query?.code_challenge).toMatch(/^[\w-]{43}$/);
    // The server exchanged the code with the verifier and checked the nonce (the fake refuses otherwise).
    const token = screen.fake.requests.find((r) => r.path === LINE_PATHS.token);
    expect(token?.form.code_verifier).toMatch(/^[\w-]{43,128}$/);

    const stored = await page.evaluate(() => ({
      profile: sessionStorage.getItem('line_profile'),
      state: localStorage.getItem('line_oauth_state'),
    }));
    expect(JSON.parse(stored.profile ?? 'null')).toEqual(screen.fake.authorizeAs);
    expect(stored.state).toBeNull();
    // In LINE's in-app browser the large LIFF SDK (its chunk liff-sdk-*.js) is never fetched; the small
    // liff-apps chunk (the mini-app's page links) is not the SDK.
    expect(assetRequests.filter((url) => /\/assets\/liff-sdk/.test(url))).toEqual([]);

    const take = page.getByRole('button', { name: '受付番号を取得する' });
    await expect.poll(() => take.isEnabled()).toBe(true);
    await page.screenshot({ path: screenshotPath('line-book'), fullPage: true });
    await page.close();
  });

  it('takes a number: the confirmation, then /line/my and /line/all with the own row marked', async () => {
    await twoWalkInsAndPatient();
    const mine = await signedInTab('/line/book');
    const take = mine.getByRole('button', { name: '受付番号を取得する' });
    await expect.poll(() => take.isEnabled()).toBe(true);
    // One round trip (docs/decisions/042): the confirmation is the take's own answer, nothing asked after it.
    const calls: string[] = [];
    mine.on('request', (request) => {
      const fn = /^\/api\/fn\/(\w+)$/.exec(new URL(request.url()).pathname)?.[1];
      if (fn) calls.push(fn);
    });
    await take.click();
    await mine.waitForURL(`${screen.server.url}/line/reserved`);
    await waitForText(mine, '3番');
    expect(await text(mine)).toMatch(DATE_TIME);
    expect(calls).toContain('allocateNextSlot');
    expect(calls.slice(calls.indexOf('allocateNextSlot'))).not.toContain('getMyReservation');
    const latest = await mine.evaluate(() => localStorage.getItem('latestReservationLine'));
    expect(JSON.parse(latest ?? 'null')).toMatchObject({ reservationNumber: 3 });
    await mine.screenshot({ path: screenshotPath('line-reserved'), fullPage: true });

    await mine.getByRole('link', { name: '予約状況を確認する' }).click();
    await mine.waitForURL(`${screen.server.url}/line/my`);
    await waitForText(mine, 'あなたの前に 2人');
    const card = await text(mine);
    expect(card).toContain('山田 花子 様');
    expect(card).toContain('3番');
    expect(card).toMatch(DATE_TIME);
    expect(card).toContain('ご来院の際は、この画面を受付スタッフにお見せください。');
    await mine.screenshot({ path: screenshotPath('line-my'), fullPage: true });

    const list = await signedInTab('/line/all');
    await waitForText(list, 'あなたの前に 2人 ／ 待ち人数 3人');
    const own = list.locator('tr[aria-current="true"]');
    await expect.poll(() => own.innerText()).toMatch(/^3\s*あなた\s*2人$/);
    // The Tokyo clock line ticks by itself, once a second.
    const clock = list.locator('.clock');
    const first = await clock.innerText();
    expect(first).toMatch(/^現在時刻 \d{2}:\d{2}:\d{2}$/);
    await expect.poll(() => clock.innerText(), { timeout: 3000 }).not.toBe(first);
    await list.screenshot({ path: screenshotPath('line-all'), fullPage: true });
  });

  it('follows the queue live as staff start and hold the numbers before it', async () => {
    const { mine, list } = await numberThreeTaken();
    const admin = JSON.parse(await queueSnapshotText(screen.server.url)) as { queue: { reservationNumber: number }[] };
    expect(admin.queue.map((r) => r.reservationNumber)).toEqual([1, 2, 3]);
    const slots = await slotIds();

    await screen.staff('markSlot', { slotId: slots.get(2), action: 'start' });
    await waitForText(mine, 'あなたの前に 1人');
    await waitForText(list, 'あなたの前に 1人 ／ 待ち人数 2人');

    await screen.staff('markSlot', { slotId: slots.get(1), action: 'hold' });
    await waitForText(mine, 'あなたの前に 0人');
    await waitForText(list, 'あなたの前に 0人 ／ 待ち人数 1人');
    const held = list.locator('tr.held');
    await expect.poll(() => held.innerText()).toMatch(/^1\s*呼出時不在（保留中）\s*－$/);
    await list.screenshot({ path: screenshotPath('line-all-held'), fullPage: true });
  });

  it('cancels after confirming, and every screen lets the number go', async () => {
    const { mine, list } = await numberThreeTaken();
    // Where the desk left the day: number 2 in consultation, number 1 held as absent when called.
    const slots = await slotIds();
    await screen.staff('markSlot', { slotId: slots.get(2), action: 'start' });
    await screen.staff('markSlot', { slotId: slots.get(1), action: 'hold' });
    await waitForText(mine, 'あなたの前に 0人');
    await waitForText(list, 'あなたの前に 0人 ／ 待ち人数 1人');
    expect(JSON.parse((await mine.evaluate(() => localStorage.getItem('latestReservationLine'))) ?? 'null')).toMatchObject({ reservationNumber: 3 });

    await mine.getByRole('button', { name: '予約をキャンセルする' }).click();
    const dialog = mine.getByRole('dialog', { name: '予約をキャンセルしますか？' });
    await dialog.waitFor();
    await mine.screenshot({ path: screenshotPath('line-my-cancel-confirm') });
    // The safe answer has focus; dismissing keeps the reservation.
    expect(await mine.evaluate(() => document.activeElement?.textContent)).toBe('キャンセルしない');
    await mine.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await text(mine)).toContain('3番');

    await mine.getByRole('button', { name: '予約をキャンセルする' }).click();
    await dialog.getByRole('button', { name: 'キャンセルする' }).click();
    await waitForText(mine, '現在、予約はありません。');
    await waitForText(list, /^(?![\s\S]*あなた)[\s\S]*待ち人数 0人/);
    const snapshot = JSON.parse(await queueSnapshotText(screen.server.url)) as { queue: { reservationNumber: number }[] };
    expect(snapshot.queue.map((r) => r.reservationNumber)).toEqual([1]);
    expect(await mine.evaluate(() => localStorage.getItem('latestReservationLine'))).toBeNull();
    await mine.screenshot({ path: screenshotPath('line-my-none'), fullPage: true });
  });

  /** Slot ids by number, from the staff stream. */
  async function slotIds(): Promise<Map<number, string>> {
    const snapshot = await adminSnapshot<{ slots: { id: string; reservationNumber: number }[] }>(screen.server.url, screen.cookie);
    return new Map(snapshot.slots.map((s) => [s.reservationNumber, s.id]));
  }
});
