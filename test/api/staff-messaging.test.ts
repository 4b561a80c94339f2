/** Recall and Web Push through HTTP: what happens without configuration, and with it. */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFn, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { startFakeLineMessaging, type FakeLineMessaging } from '../fakes/line-messaging.js';
import { startFakePushService, type FakePushService } from '../fakes/push-service.js';
import { adminSnapshot, closedPort, expectRefusal, openReception, signedLinePatient } from './api-support.js';

type Taken = { slotId: string; reservationNumber: number };

/** A clinic with one PWA, one LINE and one walk-in reservation. */
async function clinicDay(server: TestServer) {
  const cookie = await staffCookie(server.url, server.store);
  await openReception(server.url, cookie);
  const pwa = await pwaPatient(server.url);
  const line = await signedLinePatient(server);
  const take = (reservedType: string, auth: { token?: string; cookie?: string }) =>
    mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType }, auth);
  return {
    cookie,
    pwa,
    line,
    pwaSlot: await take('PWA', { token: pwa.token }),
    lineSlot: await take('LINE', { token: line.token }),
    adminSlot: await take('ADMIN', { cookie }),
  };
}

/** A subscription as a browser makes it: a real P-256 public key and a 16-byte auth secret. */
function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

describe('without LINE messaging or VAPID configuration', () => {
  let server: TestServer;
  let day: Awaited<ReturnType<typeof clinicDay>>;
  beforeAll(async () => {
    server = await startTestServer();
    day = await clinicDay(server);
  });
  afterAll(async () => server?.close());

  it('a recall names the variable to set, and records nothing', async () => {
    const recall = (slotId: string) => callFn(server.url, 'sendReservationMessageBySlot', { slotId, kind: 'recall' }, { cookie: day.cookie });
    expectRefusal(await recall(day.pwaSlot.slotId), 'FAILED_PRECONDITION', 'VAPID_SUBJECT');
    expectRefusal(await recall(day.lineSlot.slotId), 'FAILED_PRECONDITION', 'LINE_MESSAGING_CHANNEL_ACCESS_TOKEN');
    expectRefusal(await recall(day.adminSlot.slotId), 'FAILED_PRECONDITION', 'LINE・PWA');
    expectRefusal(await recall('no-such-slot'), 'NOT_FOUND');
    const slots = (await adminSnapshot(server.url, day.cookie)).slots;
    expect(slots.map((s) => s.notifiedAheadAt)).toEqual([null, null, null]);
  });

  it('getWebPushPublicKey and sendWebpushTest name VAPID_SUBJECT', async () => {
    expectRefusal(await callFn(server.url, 'getWebPushPublicKey', {}), 'FAILED_PRECONDITION', 'VAPID_SUBJECT');
    const test = { subscription: browserSubscription('https://fcm.googleapis.com/fcm/send/x'), title: 't', body: 'b', link: '/pwa/my' };
    expectRefusal(await callFn(server.url, 'sendWebpushTest', test, { token: day.pwa.token }), 'FAILED_PRECONDITION', 'VAPID_SUBJECT');
  });

  it('a subscription of a known push service can still be saved; one of another host cannot', async () => {
    // Saved only: without VAPID_SUBJECT nothing is ever sent to it.
    const known = { subscription: browserSubscription('https://fcm.googleapis.com/fcm/send/y') };
    expect((await callFn(server.url, 'saveSafariSubscription', known, { token: day.pwa.token })).body).toEqual({ result: { ok: true } });
    const other = { subscription: browserSubscription('https://attacker.example/collect') };
    expectRefusal(await callFn(server.url, 'saveSafariSubscription', other, { token: day.pwa.token }), 'INVALID_ARGUMENT');
  });
});

describe('with VAPID_SUBJECT and a LINE messaging token', () => {
  let server: TestServer;
  let line: FakeLineMessaging;
  let push: FakePushService;
  let day: Awaited<ReturnType<typeof clinicDay>>;
  let deadPort: number;
  beforeAll(async () => {
    line = await startFakeLineMessaging();
    push = await startFakePushService();
    deadPort = await closedPort();
    server = await startTestServer({
      env: {
        VAPID_SUBJECT: 'mailto:x@example.com',
        LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: 'fake-channel-token',
        // Whatever the server sends lands on local fakes, which record paths they do not serve.
        LINE_API_BASE_URL: line.url,
        PUSH_ALLOWED_HOSTS: `${push.allowedHost},127.0.0.1:${deadPort}`,
      },
    });
    day = await clinicDay(server);
  });
  afterAll(async () => {
    await server?.close();
    await line?.close();
    await push?.close();
  });

  it('getWebPushPublicKey gives the VAPID public key, the same every time', async () => {
    const { publicKey } = await mustCall<{ publicKey: string }>(server.url, 'getWebPushPublicKey');
    // An uncompressed P-256 point: 65 bytes, base64url without padding.
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4);
    expect((await mustCall<{ publicKey: string }>(server.url, 'getWebPushPublicKey')).publicKey).toBe(publicKey);
  });

  it('saveSafariSubscription for a PWA patient; sendWebpushTest to an unknown subscription is NOT_FOUND', async () => {
    const saved = push.subscribe();
    expect((await callFn(server.url, 'saveSafariSubscription', { subscription: saved }, { token: day.pwa.token })).body).toEqual({ result: { ok: true } });
    const message = { title: 'テスト', body: '通知のテストです', link: '/pwa/my' };
    const unknown = push.subscribe();
    expectRefusal(await callFn(server.url, 'sendWebpushTest', { subscription: unknown, ...message }, { token: day.pwa.token }), 'NOT_FOUND');
    // To the caller's own subscription it goes out, encrypted for that browser.
    expect((await callFn(server.url, 'sendWebpushTest', { subscription: saved, ...message }, { token: day.pwa.token })).body).toEqual({ result: { ok: true } });
    expect(push.received.map((r) => r.payload)).toContainEqual(message);
    // Someone else's saved subscription reads as unknown: the server is nobody's push relay.
    const stranger = await pwaPatient(server.url);
    expectRefusal(await callFn(server.url, 'sendWebpushTest', { subscription: saved, ...message }, { token: stranger.token }), 'NOT_FOUND');
    // LINE patients get LINE pushes, not Web Push.
    expectRefusal(await callFn(server.url, 'saveSafariSubscription', { subscription: saved }, { token: day.line.token }), 'PERMISSION_DENIED');
  });

  it('a push service that cannot be reached is UNAVAILABLE, and the subscription is kept', async () => {
    const endpoint = `https://127.0.0.1:${deadPort}/push/1`;
    const subscription = browserSubscription(endpoint);
    await mustCall(server.url, 'saveSafariSubscription', { subscription }, { token: day.pwa.token });
    const message = { title: 't', body: 'b', link: '/pwa/my' };
    expectRefusal(await callFn(server.url, 'sendWebpushTest', { subscription, ...message }, { token: day.pwa.token }), 'UNAVAILABLE');
    const row = await server.store.db.selectFrom('push_subscriptions').select('uid').where('endpoint', '=', endpoint).executeTakeFirst();
    expect(row?.uid).toBe(day.pwa.uid);
  });

  it('a recall is recorded once per LINE or PWA reservation', async () => {
    const recall = (slotId: string) => callFn(server.url, 'sendReservationMessageBySlot', { slotId, kind: 'recall' }, { cookie: day.cookie });
    for (const slot of [day.pwaSlot, day.lineSlot]) {
      expect((await recall(slot.slotId)).body).toEqual({ result: { ok: true } });
      expectRefusal(await recall(slot.slotId), 'FAILED_PRECONDITION', '送信済み');
    }
    expectRefusal(await recall(day.adminSlot.slotId), 'FAILED_PRECONDITION');
    const slots = (await adminSnapshot(server.url, day.cookie)).slots;
    const notified = Object.fromEntries(slots.map((s) => [s.id, s.notifiedAheadAt]));
    expect(notified[day.pwaSlot.slotId]).toBeTypeOf('string');
    expect(notified[day.lineSlot.slotId]).toBeTypeOf('string');
    expect(notified[day.adminSlot.slotId]).toBeNull();
    expect(line.unexpected).toEqual([]);
  });
});
