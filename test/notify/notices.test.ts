import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callFn, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { eventually, lineToken, lineUserId, type NotifyWorld, openReception, outboxSettled, startNotifyWorld } from './support.js';

type Slot = { slotId: string; reservationNumber: number };

describe('5-ahead notice and recall over LINE and Web Push', () => {
  let world: NotifyWorld;
  let cookie: string;
  const url = () => world.server.url;
  const walkIn = () => mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
  const start = (slot: Slot) => mustCall(url(), 'markSlot', { slotId: slot.slotId, action: 'start' }, { cookie });
  const slotRow = (id: string) =>
    world.server.store.db.selectFrom('reservation_slots').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function pwaWithPush() {
    const patient = await pwaPatient(url());
    const subscription = world.push.subscribe();
    await mustCall(url(), 'saveSafariSubscription', { subscription }, { token: patient.token });
    const slot = await mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
    return { ...patient, subscription, slot };
  }

  async function linePatient(n: number) {
    const userId = lineUserId(n);
    const token = await lineToken(world.server.dataDir, userId);
    const slot = await mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'LINE' }, { token });
    return { userId, token, slot };
  }

  beforeEach(async () => {
    world = await startNotifyWorld();
    cookie = await staffCookie(url(), world.server.store);
    await openReception(world.server, cookie);
  });
  afterEach(async () => world.close());

  it('sends the notice exactly when a patient first has 5 or fewer ahead, once', async () => {
    const walkIns = [];
    for (let i = 0; i < 8; i++) walkIns.push(await walkIn());
    const pwa = await pwaWithPush(); // number 9: 8 ahead
    const line = await linePatient(1); // number 10: 9 ahead
    await eventually(() => outboxSettled(world.server), 'outbox settled');
    expect(world.push.received).toHaveLength(0);
    expect(world.line.requests).toHaveLength(0);

    for (const slot of walkIns.slice(0, 3)) await start(slot); // pwa: 5 ahead, line: 6 ahead
    const push = await eventually(() => world.push.received[0], 'a push');
    expect(push.payload.title).toBe('さくらクリニック');
    expect(push.payload.body).toContain('受付番号 9番の方へ');
    expect(push.payload.body).toContain('あなたの前の方が5人になりました');
    expect(push.payload.link).toBe('/pwa/my');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect((await slotRow(pwa.slot.slotId)).notified_at).not.toBeNull();
    expect(world.line.requests).toHaveLength(0);

    await start(walkIns[3]); // line: 5 ahead
    const sent = await eventually(() => world.line.delivered[0], 'a LINE push');
    expect(sent.to).toBe(line.userId);
    expect(sent.text).toContain('受付番号 10番の方へ');
    expect(sent.retryKey).toMatch(/^[0-9a-f-]{36}$/);

    for (const slot of walkIns.slice(4)) await start(slot);
    await mustCall(url(), 'markSlot', { slotId: pwa.slot.slotId, action: 'hold' }, { cookie });
    await mustCall(url(), 'markSlot', { slotId: pwa.slot.slotId, action: 'undoHold' }, { cookie });
    await eventually(() => outboxSettled(world.server), 'outbox settled');
    expect(world.push.received).toHaveLength(1);
    expect(world.line.requests).toHaveLength(1);
    expect(world.line.unexpected).toEqual([]);
  });

  it('notifies a patient who books with 5 or fewer ahead at once', async () => {
    const pwa = await pwaWithPush();
    await eventually(() => world.push.received[0], 'a push');
    expect((await slotRow(pwa.slot.slotId)).notified_at).not.toBeNull();
  });

  it('skips patients staff already confirmed, recording why', async () => {
    const walkIns = [];
    for (let i = 0; i < 7; i++) walkIns.push(await walkIn());
    const pwa = await pwaWithPush(); // 7 ahead
    await mustCall(url(), 'markSlot', { slotId: pwa.slot.slotId, action: 'confirm' }, { cookie });
    await start(walkIns[0]);
    await start(walkIns[1]); // 5 ahead
    const row = await slotRow(pwa.slot.slotId);
    expect(row.ahead5_skipped_reason).toBe('adminConfirmed');
    expect(row.ahead5_skipped_at).not.toBeNull();
    expect(row.notified_at).toBeNull();
    await eventually(() => outboxSettled(world.server), 'outbox settled');
    expect(world.push.received).toHaveLength(0);
  });

  it('recalls once, over the patient’s channel', async () => {
    const line = await linePatient(2);
    await eventually(() => world.line.delivered[0], 'the 5-ahead notice');
    await mustCall(url(), 'sendReservationMessageBySlot', { slotId: line.slot.slotId, kind: 'recall' }, { cookie });
    const recall = await eventually(() => world.line.delivered[1], 'the recall');
    expect(recall.text).toBe('【さくらクリニック】受付番号 1番の方　順番になりました。受付までお越しください。');
    expect((await slotRow(line.slot.slotId)).notified_ahead_at).not.toBeNull();
    const again = await callFn(url(), 'sendReservationMessageBySlot', { slotId: line.slot.slotId, kind: 'recall' }, { cookie });
    expect(again.body).toEqual({ error: { status: 'FAILED_PRECONDITION', message: expect.stringContaining('送信済み') } });
    await eventually(() => outboxSettled(world.server), 'outbox settled');
    expect(world.line.delivered).toHaveLength(2);
  });

  it('retries LINE after a 500 with the same retry key and delivers once', async () => {
    world.line.script.push(500, 500);
    await linePatient(3);
    await eventually(() => world.line.delivered[0], 'delivery after retries');
    await eventually(() => outboxSettled(world.server), 'outbox settled');
    expect(world.line.requests.map((r) => r.answered)).toEqual([500, 500, 200]);
    expect(new Set(world.line.requests.map((r) => r.retryKey)).size).toBe(1);
    expect(world.line.delivered).toHaveLength(1);
  });

  it('deletes a subscription the push service says is gone (410) and shows the failure to staff', async () => {
    world.push.script.push(410);
    const pwa = await pwaWithPush();
    await eventually(() => outboxSettled(world.server), 'outbox settled');
    const subs = await world.server.store.db.selectFrom('push_subscriptions').selectAll().execute();
    expect(subs.find((s) => s.endpoint === pwa.subscription.endpoint)).toBeUndefined();
    const status = await mustCall<{ failures: { reservationNumber: number; channel: string }[] }>(
      url(), 'getMessagingStatus', {}, { cookie },
    );
    expect(status.failures).toEqual([expect.objectContaining({ reservationNumber: 1, channel: 'PWA' })]);
  });

  it('counts LINE messages this month, reads LINE’s quota and honours the clinic’s LINE choices', async () => {
    world.line.quota = { type: 'limited', value: 200, totalUsage: 17 };
    await linePatient(4);
    await eventually(() => world.line.delivered[0], 'first notice');
    await eventually(() => outboxSettled(world.server), 'outbox settled');
    await mustCall(url(), 'setNoticeSettings', { lineAhead5: false, lineRecall: true }, { cookie });
    const quiet = await linePatient(5); // 1 ahead, but LINE notices are off
    const status = await mustCall<Record<string, unknown>>(url(), 'getMessagingStatus', {}, { cookie });
    expect(status).toMatchObject({
      lineConfigured: true,
      pushConfigured: true,
      lineSentThisMonth: 1,
      lineQuota: { limit: 200, used: 17 },
      settings: { lineAhead5: false, lineRecall: true },
    });
    expect((await slotRow(quiet.slot.slotId)).notified_at).toBeNull();
    await mustCall(url(), 'setNoticeSettings', { lineAhead5: true, lineRecall: false }, { cookie });
    const refused = await callFn(url(), 'sendReservationMessageBySlot', { slotId: quiet.slot.slotId, kind: 'recall' }, { cookie });
    expect(refused.status).toBe(400);
    expect(world.line.delivered).toHaveLength(1);
  });
});
