/**
 * Inside LINE's LIFF browser, in real Chromium: the client is built with @line/liff replaced by a fake
 * (test/fakes/liff, docs/decisions/008); the server and the LINE verify endpoint are the real server and
 * the fake LINE edge. A LIFF link's page arrives as liff.state, liff.init restores it, and only then does
 * the app route and sign in with the ID token.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeLiffControl } from '../fakes/liff/fake-liff.js';
import { LINE_PATHS, lineWebEnv, randomLineUserId, startFakeLine, type FakeLine } from '../fakes/line-server.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { openReception } from '../api/api-support.js';
import { mustCall, staffCookie } from '../support/client.js';
import { describeBrowser, launchBrowser, PHONES, screenshotPath } from './support/browser.js';

const LIFF_ID = '1650000000-LiffTest';
/** LINE's LIFF browser on an iPhone: the user agent ends with "Line/x.y.z LIFF". */
const LIFF_BROWSER = { ...PHONES.iphone, userAgent: `${PHONES.iphone.userAgent} Line/15.12.1 LIFF` };

describeBrowser('LINE mini-app inside the LIFF browser', () => {
  let fake: FakeLine;
  let server: TestServer;
  let browser: Browser;
  let root: string;
  let clientDir: string;

  beforeAll(async () => {
    // A build of our own (LIFF faked); startTestServer serves a directory that already holds a build.
    root = mkdtempSync(join(tmpdir(), 'cq-client-liff-'));
    clientDir = join(root, 'out');
    const build = ['vite', 'build', '--config', 'test/fakes/liff/vite.config.ts', '--outDir', clientDir, '--emptyOutDir', '--logLevel', 'error'];
    // vitest runs with NODE_ENV=test, which would give React's development build: build as production does.
    await promisify(execFile)('npx', build, { env: { ...process.env, NODE_ENV: 'production' } });
    fake = await startFakeLine();
    const env = { ...lineWebEnv(fake), LINE_LIFF_ID: LIFF_ID, LINE_OFFICIAL_ACCOUNT_URL: 'https://line.example/clinic' };
    server = await startTestServer({ env, clientDir });
    browser = await launchBrowser();
  });
  afterEach(() => {
    expect(fake.unexpected).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fake?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  async function openInLiff(path: string, control: Partial<FakeLiffControl>, at: TestServer = server): Promise<Page> {
    const page = await (await browser.newContext(LIFF_BROWSER)).newPage();
    // Runs before any page script in every document: the fake SDK's settings and the URL it was opened at.
    await page.addInitScript((settings) => {
      window.__fakeLiff = { ...settings, initialHref: window.location.href, calls: [] } as FakeLiffControl;
    }, { liffId: LIFF_ID, idToken: null, loggedIn: true, endpointPath: '/line', ...control } as Omit<FakeLiffControl, 'initialHref' | 'calls'>);
    await page.goto(`${at.url}${path}`);
    return page;
  }

  const calls = (page: Page) => page.evaluate(() => window.__fakeLiff?.calls ?? []);

  it('restores the liff.state page in liff.init, then signs in with the ID token', async () => {
    const user = { userId: randomLineUserId(), displayName: '佐藤 一郎' };
    const idToken = await fake.issueIdToken(user);
    const page = await openInLiff('/line?liff.state=%2Fmy', { idToken });
    await page.waitForURL(`${server.url}/line/my`);
    await page.getByText('現在、予約はありません。').waitFor();
    expect(await page.locator('main').innerText()).toContain('佐藤 一郎 様');
    expect(await calls(page)).toEqual([`init:${LIFF_ID}`, 'getIDToken', 'getFriendship']);
    expect(await page.getByText('友だち追加してください').count()).toBe(0); // a friend is not nagged
    const verify = fake.requests.filter((r) => r.path === LINE_PATHS.verify);
    expect(verify.at(-1)?.form).toMatchObject({ id_token: idToken, client_id: fake.channelId });
    // No web-flow round trip inside LIFF.
    expect(fake.requests.filter((r) => r.path === LINE_PATHS.authorize)).toEqual([]);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('line_profile'))) ?? 'null')).toEqual(user);
    await page.screenshot({ path: screenshotPath('line-liff-my'), fullPage: true });
    await page.context().close();
  });

  it('asks a patient who has not added the official account to do so, with the link', async () => {
    const idToken = await fake.issueIdToken({ userId: randomLineUserId(), displayName: '鈴木 次郎' });
    const page = await openInLiff('/line/book', { idToken, friendFlag: false });
    const add = page.getByRole('link', { name: '友だち追加する' });
    await add.waitFor();
    expect(await add.getAttribute('href')).toBe('https://line.example/clinic');
    await page.context().close();
  });

  it('asks LIFF to log in when it is not logged in', async () => {
    const page = await openInLiff('/line/book', { loggedIn: false });
    await expect.poll(() => calls(page)).toEqual([`init:${LIFF_ID}`, 'login']);
    await page.context().close();
  });

  it('shows the LINE error card when liff.init fails', async () => {
    const page = await openInLiff('/line/book', { liffId: 'another-liff-app' });
    const card = page.getByRole('alert');
    await card.waitFor();
    expect(await card.innerText()).toContain('LINEアプリとの連携に失敗しました（INIT_FAILED）');
    await page.context().close();
  });

  it('shows the LINE error card when LINE does not accept the ID token', async () => {
    fake.idTokenLifetimeSeconds = -60;
    const idToken = await fake.issueIdToken({ userId: randomLineUserId(), displayName: 'x' });
    fake.idTokenLifetimeSeconds = 600;
    const page = await openInLiff('/line/book', { idToken });
    const card = page.getByRole('alert');
    await card.waitFor();
    expect(await card.innerText()).toContain('認証に失敗しました。お手数ですが、LINEからもう一度アクセスしてください。');
    await page.context().close();
  });

  describe('with a LIFF app of its own for the my page (LINE_LIFF_ID_MY)', () => {
    const MY_LIFF_ID = '1650000000-MyPage01';
    let own: TestServer;
    beforeAll(async () => {
      const env = { ...lineWebEnv(fake), LINE_LIFF_ID: LIFF_ID, LINE_LIFF_ID_MY: MY_LIFF_ID };
      own = await startTestServer({ env, clientDir });
    });
    afterAll(async () => {
      await own?.close();
    });

    it('initialises /line/my with its own LIFF id, and the other pages with the general one', async () => {
      const idToken = await fake.issueIdToken({ userId: randomLineUserId(), displayName: '高橋 三郎' });
      // That app's endpoint URL is the page itself: LINE opens /line/my directly.
      const my = await openInLiff('/line/my', { liffId: MY_LIFF_ID, endpointPath: '/line/my', idToken }, own);
      await my.getByText('現在、予約はありません。').waitFor();
      expect(await calls(my)).toEqual([`init:${MY_LIFF_ID}`, 'getIDToken', 'getFriendship']);
      await my.context().close();
      const book = await openInLiff('/line/book', { idToken }, own);
      await expect.poll(() => calls(book)).toEqual([`init:${LIFF_ID}`, 'getIDToken', 'getFriendship']);
      await book.context().close();
    });

    it("sends a phone outside LINE to the page's own LIFF app from open-in-line", async () => {
      const page = await (await browser.newContext(PHONES.iphone)).newPage();
      await page.goto(`${own.url}/line/my`);
      await page.waitForURL(`${own.url}/line/open-in-line?to=my`);
      const button = page.getByRole('link', { name: 'LINEで開く' });
      expect(await button.getAttribute('href')).toBe(`https://liff.line.me/${MY_LIFF_ID}`);
      await page.goto(`${own.url}/line/open-in-line?to=all`);
      expect(await button.getAttribute('href')).toBe(`https://liff.line.me/${LIFF_ID}/all`);
      await page.context().close();
    });
  });
  describe('the desk sheet’s check-in link (issue 34)', () => {
    let clinic: TestServer;
    beforeAll(async () => {
      clinic = await startTestServer({ env: { ...lineWebEnv(fake), LINE_LIFF_ID: LIFF_ID }, clientDir });
    });
    afterAll(async () => {
      await clinic?.close();
    });

    it('arrives through liff.state at /line/my with the code filled in, and checks in only on the tap', async () => {
      const cookie = await staffCookie(clinic.url, clinic.store);
      await openReception(clinic.url, cookie);
      const user = { userId: randomLineUserId(), displayName: '田中 四郎' };
      const { customToken } = await mustCall<{ customToken: string }>(clinic.url, 'exchangeLineIdToken', { idToken: await fake.issueIdToken(user) });
      const { slotId } = await mustCall<{ slotId: string }>(clinic.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token: customToken });
      const { deskCode, deskLink } = await mustCall<{ deskCode: string; deskLink: string }>(clinic.url, 'getArrivalSetup', {}, { cookie });
      expect(deskLink).toBe(`https://liff.line.me/${LIFF_ID}/my?checkin=${deskCode}`);
      const arrival = () =>
        clinic.store.db.selectFrom('reservation_slots').select(['arrived_at', 'arrived_by']).where('id', '=', slotId).executeTakeFirstOrThrow();

      // LINE opens the endpoint with the rest of the link in liff.state; liff.init restores it.
      const state = encodeURIComponent(`/my?checkin=${deskCode}`);
      const page = await openInLiff(`/line?liff.state=${state}`, { idToken: await fake.issueIdToken(user) }, clinic);
      const field = page.getByRole('textbox', { name: /来院確認コード/ });
      await field.waitFor({ timeout: 15_000 });
      expect(await field.inputValue()).toBe(deskCode);
      expect(await arrival()).toEqual({ arrived_at: null, arrived_by: null });
      await page.screenshot({ path: screenshotPath('line-liff-checkin-link') });

      await page.getByRole('button', { name: '来院を確認する' }).click();
      await page.getByText(/来院済み（\d{2}:\d{2}）/).waitFor({ timeout: 10_000 });
      expect((await arrival()).arrived_by).toBe('patient');
      expect(page.url()).toBe(`${clinic.url}/line/my`);
      await page.context().close();
    });
  });
});
