/**
 * Only subscriptions that can really be pushed to are saved (https endpoint of an allowed push service on
 * its allowed port, a P-256 point on the curve, a 16-byte auth secret), and a patient keeps at most 3.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, type NotifyWorld, openReception, outboxSettled, startNotifyWorld } from '../notify/support.js';
import { expectRefusal } from '../api/api-support.js';
import { callFn, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { loadConfig, pushHostAllowed } from '../../src/server/config.js';

const b64 = (bytes: Buffer) => bytes.toString('base64url');

describe('saving a push subscription', () => {
  let world: NotifyWorld;
  const url = () => world.server.url;
  const saved = () => world.server.store.db.selectFrom('push_subscriptions').selectAll().orderBy('created_at').execute();
  beforeEach(async () => {
    world = await startNotifyWorld();
  });
  afterEach(async () => world.close());

  const good = () => world.push.subscribe();
  const point = () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return ecdh;
  };
  const offCurve = () => {
    const bytes = point().getPublicKey();
    bytes[64] ^= 1;
    return b64(bytes);
  };
  const withKeys = (keys: Partial<{ p256dh: string; auth: string }>) => ({ ...good(), keys: { ...good().keys, ...keys } });
  const withEndpoint = (endpoint: string) => ({ ...good(), endpoint });

  const malformed: [string, () => unknown, string?][] = [
    ['an http endpoint', () => withEndpoint(good().endpoint.replace('https:', 'http:'))],
    ['an explicit port no PUSH_ALLOWED_HOSTS entry names', () => withEndpoint(good().endpoint.replace(/:\d+\//, ':8443/')), 'この通知先は利用できません'],
    ['the default port of a host allowed only on its named port', () => withEndpoint(good().endpoint.replace(/:\d+\//, '/')), 'この通知先は利用できません'],
    ['keys p/a', () => withKeys({ p256dh: 'p', auth: 'a' })],
    ['a short p256dh', () => withKeys({ p256dh: b64(point().getPublicKey().subarray(0, 64)) })],
    ['a compressed p256dh', () => withKeys({ p256dh: b64(point().getPublicKey(null, 'compressed') as Buffer) })],
    ['a hybrid-form p256dh (65 bytes, not 0x04)', () => withKeys({ p256dh: b64(point().getPublicKey(null, 'hybrid') as Buffer) })],
    ['a p256dh off the curve', () => withKeys({ p256dh: offCurve() }), '通知の登録情報が正しくありません'],
    ['a p256dh that is not base64url', () => withKeys({ p256dh: point().getPublicKey().toString('base64').replace(/[-_]/g, '+') + '+' })],
    ['a 15-byte auth', () => withKeys({ auth: b64(randomBytes(15)) })],
    ['a 17-byte auth', () => withKeys({ auth: b64(randomBytes(17)) })],
  ];

  it.each(malformed)('refuses %s with INVALID_ARGUMENT and saves nothing', async (_what, make, message) => {
    const patient = await pwaPatient(url());
    const answer = await callFn(url(), 'saveSafariSubscription', { subscription: make() }, { token: patient.token });
    expectRefusal(answer, 'INVALID_ARGUMENT', message);
    expect(await saved()).toEqual([]);
  });

  it('accepts what a browser makes, with or without base64 padding', async () => {
    const patient = await pwaPatient(url());
    const plain = good();
    const sub = good();
    const padded = { ...sub, keys: { p256dh: `${sub.keys.p256dh}=`, auth: `${sub.keys.auth}==` } };
    await mustCall(url(), 'saveSafariSubscription', { subscription: plain }, { token: patient.token });
    await mustCall(url(), 'saveSafariSubscription', { subscription: padded }, { token: patient.token });
    expect((await saved()).map((s) => s.endpoint).sort()).toEqual([plain.endpoint, sub.endpoint].sort());
  });

  it('answers “send me a test” to a subscription saved with broken keys by dropping it, so the app asks again', async () => {
    const patient = await pwaPatient(url());
    const endpoint = `${world.push.url}/push/old`;
    const now = new Date().toISOString();
    const db = world.server.store.db;
    await db.insertInto('pwa_users').values({ uid: patient.uid, created_at: now }).onConflict((oc) => oc.column('uid').doNothing()).execute();
    await db.insertInto('push_subscriptions').values({ endpoint, uid: patient.uid, p256dh: 'p', auth: 'a', created_at: now }).execute();
    const message = { subscription: { ...good(), endpoint }, title: 't', body: 'b', link: '/pwa/my' };
    expectRefusal(await callFn(url(), 'sendWebpushTest', message, { token: patient.token }), 'NOT_FOUND', 'もう一度通知を許可してください');
    expect(await saved()).toEqual([]);
    expect(world.push.requests).toEqual([]);
  });

  it('keeps a patient’s 3 newest subscriptions and notifies those only', async () => {
    const patient = await pwaPatient(url());
    const other = await pwaPatient(url());
    const others = good();
    await mustCall(url(), 'saveSafariSubscription', { subscription: others }, { token: other.token });
    const subs = [];
    for (let i = 0; i < 5; i++) {
      subs.push(good());
      await mustCall(url(), 'saveSafariSubscription', { subscription: subs[i] }, { token: patient.token });
    }
    const mine = async () => (await saved()).filter((s) => s.uid === patient.uid).map((s) => s.endpoint).sort();
    expect(await mine()).toEqual(subs.slice(2).map((s) => s.endpoint).sort());
    // Saving an older one again renews it: it is kept, and the oldest of the rest goes.
    await mustCall(url(), 'saveSafariSubscription', { subscription: subs[2] }, { token: patient.token });
    await mustCall(url(), 'saveSafariSubscription', { subscription: subs[0] }, { token: patient.token });
    expect(await mine()).toEqual([subs[0], subs[2], subs[4]].map((s) => s.endpoint).sort());
    expect((await saved()).filter((s) => s.uid === other.uid).map((s) => s.endpoint)).toEqual([others.endpoint]);

    const cookie = await staffCookie(url(), world.server.store);
    await openReception(world.server, cookie);
    await mustCall(url(), 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
    await eventually(() => outboxSettled(world.server), 'outbox settled');
    expect(world.push.received.map((r) => r.path).sort()).toEqual([subs[0], subs[2], subs[4]].map((s) => new URL(s.endpoint).pathname).sort());
  });
});

describe('PUSH_ALLOWED_HOSTS', () => {
  const allowed = (hosts: string, endpoint: string) => pushHostAllowed(loadConfig({ PUSH_ALLOWED_HOSTS: hosts }), endpoint);

  it('allows https on the default port (443 written out or not) unless an entry names another port', () => {
    expect(allowed('*.googleapis.com', 'https://fcm.googleapis.com/fcm/send/x')).toBe(true);
    expect(allowed('*.googleapis.com', 'https://fcm.googleapis.com:443/fcm/send/x')).toBe(true);
    expect(allowed('*.googleapis.com', 'https://fcm.googleapis.com:8443/fcm/send/x')).toBe(false);
    expect(allowed('*.googleapis.com', 'http://fcm.googleapis.com/fcm/send/x')).toBe(false);
    expect(allowed('127.0.0.1:8443', 'https://127.0.0.1:8443/p')).toBe(true);
    expect(allowed('127.0.0.1:8443', 'https://127.0.0.1/p')).toBe(false);
    expect(allowed('127.0.0.1:8443', 'https://127.0.0.1:9443/p')).toBe(false);
    expect(allowed('[::1]:8443', 'https://[::1]:8443/p')).toBe(true);
  });

  it("by default allows the push services of the four browsers, and no other host of their companies", () => {
    const byDefault = (endpoint: string) => pushHostAllowed(loadConfig({}), endpoint);
    for (const browser of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b', // Chrome, Android
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA', // Firefox
      'https://web.push.apple.com/QGuQyavXutnMa', // Safari, iOS
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD', // Edge on Windows
    ]) {
      expect(byDefault(browser), browser).toBe(true);
    }
    for (const other of [
      'https://storage.googleapis.com/bucket/object', // anyone can put a file here
      'https://www.googleapis.com/upload',
      'https://api.push.apple.com/3/device/x', // APNs' own API, not Web Push
      'https://other.push.services.mozilla.com/x',
      'https://fcm.googleapis.com.evil.example/x',
    ]) {
      expect(byDefault(other), other).toBe(false);
    }
  });

  it('refuses a malformed entry at start', () => {
    expect(() => loadConfig({ PUSH_ALLOWED_HOSTS: 'https://push.example' })).toThrow(/PUSH_ALLOWED_HOSTS/);
  });
});
