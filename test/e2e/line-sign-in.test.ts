/**
 * The ways LINE sign-in can fail in the web flow, in real Chromium against the real server and the fake
 * LINE edge (docs/product.md, "Checks before an action"): every failure shows the LINE error card with its reason, and the patient
 * can try again.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject, it } from 'vitest';
import { LINE_PATHS, lineWebEnv, startFakeLine, type FakeLine } from '../fakes/line-server.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeBrowser, launchBrowser, PHONES, screenshotPath } from './support/browser.js';

const LINE_IN_APP = { ...PHONES.iphone, userAgent: `${PHONES.iphone.userAgent} Line/15.12.1` };
const CARD = '認証に失敗しました。お手数ですが、LINEからもう一度アクセスしてください。';

describeBrowser('LINE sign-in failures', () => {
  let fake: FakeLine;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    fake = await startFakeLine();
    server = await startTestServer({ env: lineWebEnv(fake), clientDir: inject('clientDir') });
    browser = await launchBrowser();
  });
  afterEach(() => {
    expect(fake.unexpected).toEqual([]);
    fake.authorizeAnswer = 'code';
    fake.profileWithoutUserId = false;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fake?.close();
  });

  async function visit(path: string): Promise<Page> {
    const page = await (await browser.newContext(LINE_IN_APP)).newPage();
    await page.goto(`${server.url}${path}`);
    return page;
  }

  async function errorCard(page: Page): Promise<string> {
    const card = page.getByRole('alert');
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain(CARD);
    return text;
  }

  it("refuses a callback whose state is not the one this browser sent: 'Invalid state'", async () => {
    fake.authorizeAnswer = 'wrongState';
    const page = await visit('/line/book');
    expect(await errorCard(page)).toContain('Invalid state');
    // The code never reached the server.
    expect(fake.requests.filter((r) => r.path === LINE_PATHS.token)).toEqual([]);
    await page.screenshot({ path: screenshotPath('line-auth-error'), fullPage: true });
    await page.context().close();
  });

  it("refuses a callback without state: 'Missing state'", async () => {
    fake.authorizeAnswer = 'noState';
    const page = await visit('/line/my');
    expect(await errorCard(page)).toContain('Missing state');
    await page.context().close();
  });

  it("refuses a callback this browser never started: 'Missing state'", async () => {
    const page = await visit('/line/callback?to=book&code=abc&state=forged');
    expect(await errorCard(page)).toContain('Missing state');
    await page.context().close();
  });

  it('shows what LINE said when the patient declined', async () => {
    fake.authorizeAnswer = { error: 'access_denied', description: 'The resource owner denied the request.' };
    const page = await visit('/line/all');
    expect(await errorCard(page)).toContain('The resource owner denied the request.');
    await page.context().close();
  });

  it("shows 'Failed to get profile' when LINE's profile has no userId", async () => {
    fake.profileWithoutUserId = true;
    const page = await visit('/line/book');
    expect(await errorCard(page)).toContain('Failed to get profile');
    await page.context().close();
  });

  it('tries again from the error card without LINE auto-login, and gets in', async () => {
    fake.authorizeAnswer = 'wrongState';
    const page = await visit('/line/my');
    await errorCard(page);
    fake.authorizeAnswer = 'code';
    const before = fake.requests.length;
    await page.getByRole('button', { name: 'もう一度ログインする' }).click();
    await page.waitForURL(`${server.url}/line/my`);
    await page.getByText('現在、予約はありません。').waitFor();
    const authorize = fake.requests.slice(before).find((r) => r.path === LINE_PATHS.authorize);
    expect(authorize?.query?.disable_auto_login).toBe('true');
    expect(authorize?.query?.redirect_uri).toBe(`${server.url}/line/callback?to=my`);
    await page.context().close();
  });

  it('signs in again once when the stored token is refused, then carries on', async () => {
    const page = await visit('/line/my');
    await page.getByText('現在、予約はありません。').waitFor();
    const profile = await page.evaluate(() => sessionStorage.getItem('line_profile'));
    await page.evaluate(() => sessionStorage.setItem('line_token', JSON.stringify('not-a-token')));
    const before = fake.requests.filter((r) => r.path === LINE_PATHS.authorize).length;
    await page.reload();
    await page.waitForURL(`${server.url}/line/my`);
    await expect
      .poll(() => fake.requests.filter((r) => r.path === LINE_PATHS.authorize).length)
      .toBe(before + 1);
    await page.getByText('現在、予約はありません。').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('line_token'))).not.toBe(JSON.stringify('not-a-token'));
    expect(await page.evaluate(() => sessionStorage.getItem('line_profile'))).toBe(profile);
    await page.context().close();
  });
});
