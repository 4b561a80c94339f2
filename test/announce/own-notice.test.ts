/**
 * The patient's own notice (issue 14): a threshold of 1–10 people ahead, sent once per recipient when it is
 * crossed, exactly like the 5-ahead notice; refused without change for bad input and other people's slots.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callFn, mustCall } from '../support/client.js';
import { openSse } from '../support/sse.js';
import { describeStores } from '../support/stores.js';
import { eventually, outboxSettled } from '../notify/support.js';
import type { AdminSnapshot } from '../../src/shared/schemas/live.js';
import type { MyReservation } from '../../src/shared/schemas/functions.js';
import { startWorld, type World } from './world.js';

describeStores('the patient’s own notice', (kind) => {
  let w: World;
  beforeEach(async () => {
    w = await startWorld(kind);
  });
  afterEach(async () => w.close());

  const setThreshold = (token: string, slotId: string, threshold: unknown) =>
    callFn(w.server.url, 'setMyNoticeThreshold', { slotId, threshold }, { token });
  const settled = () => eventually(() => outboxSettled(w.server), 'outbox settled');

  it('tells a patient once, at the number ahead they chose, on LINE and on every push subscription', async () => {
    const walkIns = [];
    for (let i = 0; i < 8; i++) walkIns.push(await w.walkIn());
    const line = await w.linePatient(1); // 8 ahead
    const pwa = await w.pwaPatient(); // 9 ahead
    await mustCall(w.server.url, 'saveSafariSubscription', { subscription: w.push.subscribe() }, { token: pwa.token });
    expect(await mustCall(w.server.url, 'setMyNoticeThreshold', { slotId: line.slot.slotId, threshold: 3 }, { token: line.token })).toEqual({
      ok: true,
      threshold: 3,
      minutes: null,
    });
    await mustCall(w.server.url, 'setMyNoticeThreshold', { slotId: pwa.slot.slotId, threshold: 3 }, { token: pwa.token });

    for (const slot of walkIns.slice(0, 4)) await w.start(slot); // line: 4 ahead, pwa: 5 (the default would have sent)
    await settled();
    expect(w.line.requests).toHaveLength(0);
    expect(w.push.received).toHaveLength(0);

    await w.start(walkIns[4]); // line: 3 ahead
    const sent = await eventually(() => w.line.delivered[0], 'the LINE notice');
    expect(sent.text).toBe(
      '【さくらクリニック】受付番号 9番の方へ　あなたの前の方が3人になりました。ご来院のうえ、院内でお待ちください。',
    );
    await w.start(walkIns[5]); // pwa: 3 ahead
    await eventually(() => w.push.received.length === 2 && w.push.received, 'both push notices');
    expect(w.push.received.map((p) => p.payload.body)).toEqual([
      expect.stringContaining('受付番号 10番の方へ　あなたの前の方が3人になりました'),
      expect.stringContaining('受付番号 10番の方へ　あなたの前の方が3人になりました'),
    ]);

    for (const slot of walkIns.slice(6)) await w.start(slot);
    await w.staff('markSlot', { slotId: line.slot.slotId, action: 'hold' });
    await w.staff('markSlot', { slotId: line.slot.slotId, action: 'undoHold' });
    await settled();
    expect(w.line.requests).toHaveLength(1);
    expect(w.push.received).toHaveLength(2);
    const mine = await mustCall<{ reservation: MyReservation }>(w.server.url, 'getMyReservation', {}, { token: line.token });
    expect(mine.reservation).toMatchObject({ noticeThreshold: 3, noticeSentAt: expect.any(String) });
  });

  it('keeps the default of 5 exactly as before, and reports it', async () => {
    const walkIns = [];
    for (let i = 0; i < 6; i++) walkIns.push(await w.walkIn());
    const line = await w.linePatient(2); // 6 ahead
    const mine = await mustCall<{ reservation: MyReservation }>(w.server.url, 'getMyReservation', {}, { token: line.token });
    expect(mine.reservation).toMatchObject({ noticeThreshold: 5, noticeSentAt: null });
    await settled();
    expect(w.line.requests).toHaveLength(0);
    await w.start(walkIns[0]); // 5 ahead
    const sent = await eventually(() => w.line.delivered[0], 'the 5-ahead notice');
    expect(sent.text).toContain('あなたの前の方が5人になりました');
    expect((await w.slotRow(line.slot.slotId)).notice_threshold).toBe(5);
  });

  it('sends at the next queue change, once, when the new threshold is already crossed', async () => {
    for (let i = 0; i < 7; i++) await w.walkIn();
    const line = await w.linePatient(3); // 7 ahead
    await mustCall(w.server.url, 'setMyNoticeThreshold', { slotId: line.slot.slotId, threshold: 8 }, { token: line.token });
    await settled();
    expect(w.line.requests).toHaveLength(0); // choosing sends nothing by itself
    expect((await w.slotRow(line.slot.slotId)).notified_at).toBeNull();

    await w.walkIn(); // any queue change
    const sent = await eventually(() => w.line.delivered[0], 'the notice');
    expect(sent.text).toContain('あなたの前の方が8人になりました');
    await w.walkIn();
    await settled();
    expect(w.line.requests).toHaveLength(1);

    // Sent is sent: no second notice by choosing again, and the choice stays as it was.
    const again = await setThreshold(line.token, line.slot.slotId, 2);
    expect(again.body).toEqual({ error: { status: 'FAILED_PRECONDITION', message: 'お知らせは送信済みのため、タイミングを変更できません。' } });
    expect((await w.slotRow(line.slot.slotId)).notice_threshold).toBe(8);
  });

  it('refuses bad thresholds, other patients’ slots and staff, changing nothing', async () => {
    for (let i = 0; i < 10; i++) await w.walkIn();
    const line = await w.linePatient(4);
    const other = await w.linePatient(5);
    for (const bad of [0, 11, -1, 2.5, '3', null]) {
      const answer = await setThreshold(line.token, line.slot.slotId, bad);
      expect(answer.status, String(bad)).toBe(400);
      expect(answer.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    }
    const foreign = await setThreshold(other.token, line.slot.slotId, 2);
    expect(foreign.body).toEqual({ error: { status: 'NOT_FOUND', message: '予約が見つかりません。' } });
    const staff = await callFn(w.server.url, 'setMyNoticeThreshold', { slotId: line.slot.slotId, threshold: 2 }, { cookie: w.cookie });
    expect(staff.body).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
    await mustCall(w.server.url, 'cancelReservation', { slotId: other.slot.slotId, reservationNumber: other.slot.reservationNumber, canceledBy: 'LINE' }, { token: other.token });
    const canceled = await setThreshold(other.token, other.slot.slotId, 2);
    expect(canceled.body).toMatchObject({ error: { status: 'NOT_FOUND' } });
    expect((await w.slotRow(line.slot.slotId)).notice_threshold).toBe(5);
    expect((await w.slotRow(other.slot.slotId)).notice_threshold).toBe(5);
  });

  it('shows staff the chosen threshold on the admin stream', async () => {
    for (let i = 0; i < 10; i++) await w.walkIn();
    const line = await w.linePatient(6);
    const admin = await openSse(`${w.server.url}/api/live/admin`, { cookie: w.cookie });
    try {
      const first = JSON.parse((await admin.next()).data) as AdminSnapshot;
      expect(first.noticeThresholds).toEqual({});
      await mustCall(w.server.url, 'setMyNoticeThreshold', { slotId: line.slot.slotId, threshold: 7 }, { token: line.token });
      const next = await admin.next((e) => Object.keys((JSON.parse(e.data) as AdminSnapshot).noticeThresholds ?? {}).length > 0);
      expect((JSON.parse(next.data) as AdminSnapshot).noticeThresholds).toEqual({ [line.slot.slotId]: 7 });
    } finally {
      admin.close();
    }
  });
});
