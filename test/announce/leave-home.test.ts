/**
 * "Leave home by" over real HTTP on both stores (docs/decisions/055): the patient chooses "N minutes before
 * my turn" instead of people ahead; their card and the staff stream say so; the check the server runs every
 * minute (test/notify/minutes-notices.test.ts drives its timer) tells them once, through the outbox and the
 * fake LINE, in those words, when the range their card shows starts within N minutes; bad choices are
 * refused and change nothing.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callFn, mustCall } from '../support/client.js';
import { seedHistory } from '../support/estimate-history.js';
import { describeStores } from '../support/stores.js';
import { eventually, outboxSettled } from '../notify/support.js';
import type { MyReservation } from '../../src/shared/schemas/functions.js';
import { adminSnapshot } from '../api/api-support.js';
import { startWorld, type World } from './world.js';
import { sendMinutesNotices } from '../../src/server/domain/notices/minutes/apply.js';
import { createLiveEstimator } from '../../src/server/domain/estimate/live-estimate.js';

describeStores('leave home by', (kind) => {
  let w: World;
  beforeEach(async () => {
    // Consultations every 5 minutes on this weekday for four weeks: the estimate is there from the start.
    w = await startWorld(kind, {}, (store) => seedHistory(store));
  });
  afterEach(async () => w.close());

  const choose = (token: string, slotId: string, choice: Record<string, unknown>) => callFn(w.server.url, 'setMyNoticeThreshold', { slotId, ...choice }, { token });

  it('tells a LINE patient once, by the minutes they chose, and shows the choice on their card and to staff', async () => {
    const walkIns = [];
    for (let i = 0; i < 20; i++) walkIns.push(await w.walkIn());
    const line = await w.linePatient(1); // 20 ahead: well over an hour
    expect(await mustCall(w.server.url, 'setMyNoticeThreshold', { slotId: line.slot.slotId, minutes: 30 }, { token: line.token })).toEqual({
      ok: true,
      threshold: 5,
      minutes: 30,
    });
    const mine = await mustCall<{ reservation: MyReservation }>(w.server.url, 'getMyReservation', {}, { token: line.token });
    expect(mine.reservation).toMatchObject({ noticeMinutes: 30, noticeThreshold: 5, noticeSentAt: null });
    const staff = await adminSnapshot<{ slots: { id: string; noticeMinutes: number | null }[] }>(w.server.url, w.cookie);
    expect(staff.slots.find((s) => s.id === line.slot.slotId)?.noticeMinutes).toBe(30);

    const check = () => sendMinutesNotices({ store: w.server.store, estimator: createLiveEstimator(w.server.store), now: new Date() });
    expect(await check()).toEqual([]);
    // Fifteen called: four ahead, which by people would have told them; by minutes it is their range that counts.
    for (const slot of walkIns.slice(0, 15)) await w.start(slot);
    expect(await check()).toEqual([21]);
    const sent = await eventually(() => w.line.delivered[0], 'the minutes notice');
    expect(sent.text).toBe('【さくらクリニック】受付番号21番の方：早ければ約30分で順番です。ご来院の準備をお願いします。');
    for (const slot of walkIns.slice(15)) await w.start(slot);
    expect(await check()).toEqual([]);
    await eventually(() => outboxSettled(w.server), 'outbox settled');
    expect(w.line.requests).toHaveLength(1);
    // Told is told: the choice can no longer change.
    expect((await choose(line.token, line.slot.slotId, { minutes: 10 })).body).toMatchObject({ error: { status: 'FAILED_PRECONDITION' } });
  });

  it('refuses bad choices and other patients’ slots, changing nothing', async () => {
    for (let i = 0; i < 10; i++) await w.walkIn();
    const line = await w.linePatient(2);
    const other = await w.linePatient(3);
    for (const bad of [{ minutes: 5 }, { minutes: 61 }, { minutes: 25.5 }, { minutes: '30' }, { minutes: 30, threshold: 3 }, {}]) {
      const answer = await choose(line.token, line.slot.slotId, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    }
    expect((await choose(other.token, line.slot.slotId, { minutes: 30 })).body).toMatchObject({ error: { status: 'NOT_FOUND' } });
    expect(await w.slotRow(line.slot.slotId)).toMatchObject({ notice_minutes: null, notice_threshold: 5 });
    // People ahead again clears the minutes.
    await mustCall(w.server.url, 'setMyNoticeThreshold', { slotId: line.slot.slotId, minutes: 45 }, { token: line.token });
    await mustCall(w.server.url, 'setMyNoticeThreshold', { slotId: line.slot.slotId, threshold: 4 }, { token: line.token });
    expect(await w.slotRow(line.slot.slotId)).toMatchObject({ notice_minutes: null, notice_threshold: 4 });
  });
});
