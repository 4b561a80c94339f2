/**
 * Web Push for the installed app, over real HTTP against the real server: a subscription saved through
 * saveSafariSubscription receives real encrypted pushes (aes128gcm, VAPID) at a local fake push service,
 * which decrypts them with the "browser's" keys. Only the push service is fake.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, type NotifyWorld, openReception, outboxSettled, startNotifyWorld } from '../notify/support.js';
import { callFn, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { startTestServer } from '../support/server.js';

type Slot = { slotId: string; reservationNumber: number };

describe('Web Push to a PWA subscription', () => {
  let world: NotifyWorld;
  const url = () => world.server.url;

  beforeEach(async () => {
    world = await startNotifyWorld();
  });
  afterEach(async () => world.close());
  const noticesFor = (slotId: string) =>
    world.server.store.db.selectFrom('outbox').select(['kind', 'status']).where('slot_id', '=', slotId).execute();

  it('hands out the VAPID public key the subscription is made with', async () => {
    const { publicKey } = await mustCall<{ publicKey: string }>(url(), 'getWebPushPublicKey');
    // An uncompressed P-256 point, base64url: 65 bytes.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
  });

  it('delivers "send me a test" to the caller’s own saved subscription, encrypted and signed', async () => {
    const patient = await pwaPatient(url());
    const subscription = world.push.subscribe();
    await mustCall(url(), 'saveSafariSubscription', { subscription: { ...subscription, expirationTime: null } }, { token: patient.token });
    const message = { subscription, title: 'さくらクリニック', body: 'テスト通知です。', link: '/pwa/my' };
    await mustCall(url(), 'sendWebpushTest', message, { token: patient.token });

    const push = await eventually(() => world.push.received[0], 'the test push');
    expect(push.payload).toEqual({ title: 'さくらクリニック', body: 'テスト通知です。', link: '/pwa/my' });
    expect(push.path).toBe(new URL(subscription.endpoint).pathname);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
  });

  it('limits test notifications per patient: past the hour’s allowance they are refused and nothing is sent', async () => {
    await world.close();
    world = await startNotifyWorld({ RATE_LIMIT_TEST_PUSHES_PER_HOUR: '2' });
    const patient = await pwaPatient(url());
    const subscription = world.push.subscribe();
    await mustCall(url(), 'saveSafariSubscription', { subscription }, { token: patient.token });
    const message = { subscription, title: 'さくらクリニック', body: 'テスト通知です。', link: '/pwa/my' };
    const answers = await Promise.all([1, 2, 3, 4].map(() => callFn(url(), 'sendWebpushTest', message, { token: patient.token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toEqual({ error: { status: 'RESOURCE_EXHAUSTED', message: expect.stringContaining('テスト送信') } });
    await eventually(() => world.push.received.length === 2, 'the two allowed test pushes');
    expect(world.push.received).toHaveLength(2);
  });

  it('is nobody’s push relay: a subscription the caller did not save is refused', async () => {
    const owner = await pwaPatient(url());
    const other = await pwaPatient(url());
    const subscription = world.push.subscribe();
    await mustCall(url(), 'saveSafariSubscription', { subscription }, { token: owner.token });
    const refused = await callFn(url(), 'sendWebpushTest', { subscription, title: 'x', body: 'y', link: '/pwa/my' }, { token: other.token });
    expect(refused.status).toBe(404);
    expect(world.push.received).toHaveLength(0);
  });

  it('sends the 5-ahead notice to the saved subscription, linking to /pwa/my', async () => {
    const cookie = await staffCookie(url(), world.server.store);
    await openReception(world.server, cookie);
    const walkIns: Slot[] = [];
    for (let i = 0; i < 7; i++) walkIns.push(await mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie }));
    const patient = await pwaPatient(url());
    await mustCall(url(), 'saveSafariSubscription', { subscription: world.push.subscribe() }, { token: patient.token });
    const mine = await mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
    expect(mine.reservationNumber).toBe(8); // 7 ahead: no notice yet
    // A notice is queued in the same transaction as the write that brings it due, so none queued now means
    // none will be sent for this number until the queue moves.
    expect(await noticesFor(mine.slotId)).toEqual([]);

    for (const slot of walkIns.slice(0, 2)) await mustCall(url(), 'markSlot', { slotId: slot.slotId, action: 'start' }, { cookie });
    const push = await eventually(() => world.push.received[0], 'the 5-ahead notice');
    expect(push.payload.title).toBe('さくらクリニック');
    expect(push.payload.body).toBe('【さくらクリニック】受付番号 8番の方へ　あなたの前の方が5人になりました。ご来院のうえ、院内でお待ちください。');
    expect(push.payload.link).toBe('/pwa/my');
    await eventually(() => outboxSettled(world.server), 'the outbox settled');
    expect(await noticesFor(mine.slotId)).toEqual([{ kind: 'ahead5', status: 'sent' }]);
    expect(world.push.received).toHaveLength(1);
  });

  it('refuses endpoints outside the known push services', async () => {
    const patient = await pwaPatient(url());
    const stranger = { endpoint: 'https://attacker.example/push/1', keys: world.push.subscribe().keys };
    const refused = await callFn(url(), 'saveSafariSubscription', { subscription: stranger }, { token: patient.token });
    expect(refused.status).toBe(400);
  });
});

describe('Web Push not configured', () => {
  it('says FAILED_PRECONDITION, naming the setting, so the app can carry on without notifications', async () => {
    const server = await startTestServer();
    try {
      const answer = await callFn(server.url, 'getWebPushPublicKey');
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: { status: 'FAILED_PRECONDITION', message: expect.stringContaining('VAPID_SUBJECT') } });
    } finally {
      await server.close();
    }
  });
});
