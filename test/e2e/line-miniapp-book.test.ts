/**
 * The book screen inside the LINE MINI App (issue 37), in real Chromium with the LIFF SDK faked at build time
 * (docs/decisions/008): with service messages on, taking a number sends liff.getAccessToken() along, and the
 * server asks LINE for the reservation's service token after the number is shown; with them off the access
 * token is never read. The MINI App channel's own calls are tested against the fake LINE in test/notify/.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FakeLiffControl } from '../fakes/liff/fake-liff.js';
import { lineWebEnv, randomLineUserId, startFakeLine, type FakeLine } from '../fakes/line-server.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { openReception } from '../api/api-support.js';
import { staffCookie } from '../support/client.js';
import { eventually } from '../notify/support.js';
import { describeBrowser, launchBrowser, PHONES, screenshotPath } from './support/browser.js';

const LIFF_ID = '2007000000-MiniApp1';
const LIFF_BROWSER = { ...PHONES.iphone, userAgent: `${PHONES.iphone.userAgent} Line/15.12.1 LIFF` };
const ACCESS_TOKEN = 'liff-access-token-of-the-mini-app';

describeBrowser('the book screen in the LINE MINI App', () => {
  let fake: FakeLine;
  let browser: Browser;
  let root: string;
  let clientDir: string;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cq-client-miniapp-'));
    clientDir = join(root, 'out');
    const build = ['vite', 'build', '--config', 'test/fakes/liff/vite.config.ts', '--outDir', clientDir, '--emptyOutDir', '--logLevel', 'error'];
    await promisify(execFile)('npx', build, { env: { ...process.env, NODE_ENV: 'production' } });
    fake = await startFakeLine();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    for (const s of servers) await s.close();
    await fake?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  async function serverWith(service: boolean): Promise<TestServer> {
    const miniApp: Record<string, string> = service
      ? { LINE_MINIAPP_CHANNEL_ID: '2007000000', LINE_MINIAPP_CHANNEL_SECRET: 'mini-app-secret', LINE_SERVICE_TEMPLATE: 'queue_status_ja', LINE_SERVICE_PARAMS: 'number=number' }
      : {};
    const server = await startTestServer({ env: { ...lineWebEnv(fake), LINE_LIFF_ID: LIFF_ID, NOTIFY_SEND_TIMEOUT_MS: '500', ...miniApp }, clientDir });
    servers.push(server);
    await openReception(server.url, await staffCookie(server.url, server.store));
    return server;
  }

  async function takeInLiff(server: TestServer): Promise<Page> {
    const idToken = await fake.issueIdToken({ userId: randomLineUserId(), displayName: '高橋 三郎' });
    const page = await (await browser.newContext(LIFF_BROWSER)).newPage();
    await page.addInitScript((settings) => {
      window.__fakeLiff = { ...settings, initialHref: window.location.href, calls: [] } as FakeLiffControl;
    }, { liffId: LIFF_ID, idToken, loggedIn: true, endpointPath: '/line', accessToken: ACCESS_TOKEN } as Omit<FakeLiffControl, 'initialHref' | 'calls'>);
    await page.goto(`${server.url}/line/book`);
    await page.getByRole('button', { name: '受付番号を取得する' }).click();
    await page.getByText('受付番号を取得しました').waitFor();
    return page;
  }

  const calls = (page: Page) => page.evaluate(() => window.__fakeLiff?.calls ?? []);

  it('passes the MINI App access token with the number when service messages are on', async () => {
    const server = await serverWith(true);
    const page = await takeInLiff(server);
    expect(await calls(page)).toContain('getAccessToken');
    // The server kept only the digest of the access token, with the number just taken.
    const digest = createHash('sha256').update(ACCESS_TOKEN).digest('hex');
    const row = await eventually(
      () => server.store.db.selectFrom('service_tokens').selectAll().where('liff_digest', '=', digest).executeTakeFirst(),
      'the service token asked for',
    );
    const slot = await server.store.db.selectFrom('reservation_slots').select(['id', 'reserved_type']).where('id', '=', row.slot_id).executeTakeFirstOrThrow();
    expect(slot.reserved_type).toBe('LINE');
    await page.screenshot({ path: screenshotPath('line-miniapp-reserved'), fullPage: true });
    await page.context().close();
  });

  it('never reads the access token when service messages are off', async () => {
    const server = await serverWith(false);
    const page = await takeInLiff(server);
    expect(await calls(page)).not.toContain('getAccessToken');
    expect(await server.store.db.selectFrom('service_tokens').selectAll().execute()).toEqual([]);
    await page.context().close();
  });
});
