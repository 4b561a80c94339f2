/**
 * Notifications in the installed app, real Chromium against the real server and a local fake push service.
 * Chromium's PushManager talks to Google's push service, which this closed network cannot reach (subscribe()
 * never settles here), so that one browser edge is stood in for by an init script: subscribe() returns a
 * subscription whose endpoint and keys belong to the fake push service (test/fakes/push-service.ts). All the
 * rest is real: the permission, our prompt and its click handler, saveSafariSubscription, the server's
 * encrypted, signed push, the fake service decrypting it, and our service worker showing it (delivered with
 * DevTools' ServiceWorker.deliverPushMessage, as the browser does when a push arrives). Each test has its
 * own push service, server and installed app; a test after the first starts from an app already subscribed.
 */
import type { CDPSession } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { eventually } from '../notify/support.js';
import { startFakePushService, type FakePushService } from '../fakes/push-service.js';
import { mustCall } from '../support/client.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { type InstalledApp, launchInstalledApp, mainText } from './pwa-support.js';
import { staffScreen } from './support/staff-screen.js';

/** Runs in the page before our code: PushManager backed by the fake push service's subscription. */
function fakePushManager(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const STORE = 'test:push-subscription';
  const toBase64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const made = (key: string) => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: fromBase64Url(key).buffer },
    toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
    unsubscribe: async () => (localStorage.removeItem(STORE), true),
  });
  const calls: unknown[] = [];
  Object.assign(window, { pushSubscribeCalls: calls });
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = toBase64Url(new Uint8Array(options?.applicationServerKey as ArrayBuffer));
    calls.push({ userVisibleOnly: options?.userVisibleOnly, key });
    localStorage.setItem(STORE, key);
    return made(key) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    const key = localStorage.getItem(STORE);
    return (key ? made(key) : null) as unknown as PushSubscription;
  };
}

describeBrowser('PWA: notifications', () => {
  // An app window is its own browser.
  const screen = staffScreen({
    browser: false,
    fake: startFakePushService,
    server: (push) => ({
      env: { CLINIC_NAME: 'さくらクリニック', VAPID_SUBJECT: 'mailto:it@clinic.example', PUSH_ALLOWED_HOSTS: push.allowedHost, NOTIFY_POLL_MS: '50' },
    }),
  });
  let app: InstalledApp | undefined;
  let cdp: CDPSession;
  let browserSubscription: ReturnType<FakePushService['subscribe']>;
  let registrations: { registrationId: string; scopeURL: string }[];

  /** Each test's own push service, clinic day and freshly installed app (an app window is its own browser). */
  beforeEach(async () => {
    app = await launchInstalledApp(`${screen.server.url}/pwa/book`);
    browserSubscription = screen.fake.subscribe();
    await app!.context.addInitScript(fakePushManager, browserSubscription);
    registrations = [];
    cdp = await app!.context.newCDPSession(app.page);
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
  });
  afterEach(async () => {
    await app?.context.close();
    app = undefined;
  });

  const page = () => app!.page;
  const prompt = () => page().getByRole('region', { name: '通知', exact: true });
  const allow = () => page().getByRole('button', { name: '通知を許可する' });
  const focusAgain = () => page().evaluate(() => window.dispatchEvent(new Event('focus')));

  /**
   * Where the first test leaves the app: notifications allowed and the browser holding a subscription made
   * with the server's key (as after an earlier visit), which the app, opening /pwa/my, saves itself.
   */
  async function alreadySubscribed() {
    await app!.context.grantPermissions(['notifications'], { origin: screen.server.url });
    const { publicKey } = await mustCall<{ publicKey: string }>(screen.server.url, 'getWebPushPublicKey');
    await page().evaluate((key) => localStorage.setItem('test:push-subscription', key), publicKey);
    await page().goto(`${screen.server.url}/pwa/my`);
    await page().getByText('受付番号のお知らせ（通知）は有効です。').waitFor();
    const saved = await eventually(async () => {
      const rows = await screen.server.store.db.selectFrom('push_subscriptions').select('endpoint').execute();
      return rows.length > 0 ? rows : undefined;
    }, 'the saved subscription');
    expect(saved).toEqual([{ endpoint: browserSubscription.endpoint }]);
  }

  async function deliverToWorker(payload: unknown) {
    const registration = registrations.find((r) => r.scopeURL === `${screen.server.url}/pwa/`)!;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: `${screen.server.url}/`,
      registrationId: registration.registrationId,
      data: JSON.stringify(payload),
    });
  }

  it('asks from a button, subscribes with the server’s VAPID key and saves the subscription', async () => {
    await app!.context.grantPermissions(['notifications'], { origin: screen.server.url });
    await page().goto(`${screen.server.url}/pwa/book`);
    await allow().waitFor();
    expect(await prompt().innerText()).toContain('受付番号のお知らせを受け取るため、通知を許可してください。');
    await page().screenshot({ path: screenshotPath('pwa-book-push-prompt') });

    await allow().click();
    await expect.poll(() => allow().count()).toBe(0);
    const { publicKey } = await mustCall<{ publicKey: string }>(screen.server.url, 'getWebPushPublicKey');
    expect(await page().evaluate(() => (window as unknown as { pushSubscribeCalls: unknown[] }).pushSubscribeCalls)).toEqual([
      { userVisibleOnly: true, key: publicKey },
    ]);
    const installId = await page().evaluate(() => JSON.parse(localStorage.getItem('pwa_install_id') ?? 'null') as string);
    const saved = await screen.server.store.db.selectFrom('push_subscriptions').selectAll().execute();
    expect(saved.map((s) => [s.uid, s.endpoint, s.p256dh, s.auth])).toEqual([
      [`PWA_${installId}`, browserSubscription.endpoint, browserSubscription.keys.p256dh, browserSubscription.keys.auth],
    ]);
  });

  it('“send me a test” arrives encrypted at the push service, and the worker shows it', async () => {
    await alreadySubscribed();
    await page().goto(`${screen.server.url}/pwa/book`);
    await page().getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name: '予約状況' }).click();
    await page().getByText('受付番号のお知らせ（通知）は有効です。').waitFor();
    await page().getByRole('button', { name: 'テスト通知を送る' }).click();
    await page().getByText('テスト通知を送信しました。').waitFor();
    const arrived = await eventually(() => screen.fake.received[0], 'the test push');
    expect(arrived.payload).toEqual({ title: 'さくらクリニック', body: 'テスト通知です。受付番号のお知らせはこのように届きます。', link: '/pwa/my' });
    await page().screenshot({ path: screenshotPath('pwa-my-push-on') });

    await deliverToWorker(arrived.payload);
    const shown = await eventually(
      () =>
        page().evaluate(async () => {
          const list = await (await navigator.serviceWorker.ready).getNotifications();
          return list.length > 0 ? list.map((n) => ({ title: n.title, body: n.body, data: n.data as unknown })) : undefined;
        }),
      'a notification',
    );
    expect(shown).toEqual([{ title: 'さくらクリニック', body: arrived.payload.body, data: { link: '/pwa/my' } }]);
  });

  it('sends the 5-ahead notice for a number taken in the app', async () => {
    await alreadySubscribed();
    await screen.openReception();
    await page().goto(`${screen.server.url}/pwa/book`);
    const take = page().getByRole('button', { name: '受付番号を取得する' });
    await expect.poll(() => take.isEnabled()).toBe(true);
    await take.click();
    await page().waitForURL(`${screen.server.url}/pwa/my`);
    await expect.poll(() => mainText(page())).toContain('1番');
    const notice = await eventually(() => screen.fake.received.find((r) => r.payload.body.includes('5人になりました')), 'the 5-ahead notice');
    expect(notice.payload).toEqual({
      title: 'さくらクリニック',
      body: '【さくらクリニック】受付番号 1番の方へ　あなたの前の方が5人になりました。ご来院のうえ、院内でお待ちください。',
      link: '/pwa/my',
    });
  });

  it('brings the prompt back with the reason when the push service dropped the subscription', async () => {
    await alreadySubscribed();
    screen.fake.script.push(410);
    await page().getByRole('button', { name: 'テスト通知を送る' }).click();
    await allow().waitFor();
    expect(await prompt().getByRole('alert').innerText()).toBe(
      '通知を設定できませんでした（通知の登録が無効になりました。もう一度通知を許可してください。）',
    );
    await page().screenshot({ path: screenshotPath('pwa-my-push-error') });
    expect(await screen.server.store.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);

    await allow().click();
    await page().getByText('受付番号のお知らせ（通知）は有効です。').waitFor();
    expect(await screen.server.store.db.selectFrom('push_subscriptions').selectAll().execute()).toHaveLength(1);
  });

  it('follows permission changes made outside the app when it comes back to the front', async () => {
    await alreadySubscribed();
    await app!.context.clearPermissions();
    await focusAgain();
    await allow().waitFor({ timeout: 5000 });

    await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin: screen.server.url });
    await focusAgain();
    await page().getByText('通知がブロックされています。端末の設定で、このアプリの通知を許可してください。').waitFor({ timeout: 5000 });
    expect(await allow().count()).toBe(0);

    await app!.context.grantPermissions(['notifications'], { origin: screen.server.url });
    await focusAgain();
    await page().getByText('受付番号のお知らせ（通知）は有効です。').waitFor({ timeout: 5000 });
  });
});
