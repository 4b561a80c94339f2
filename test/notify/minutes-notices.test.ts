/**
 * "Leave home by" (docs/decisions/055) on both real stores: a patient who chose "N minutes before my turn"
 * is told once when the range their card shows starts within N minutes — not by people ahead — in the words
 * of the minutes chosen; two processes checking at once send it once; a check with nobody waiting for one
 * writes nothing. The estimate is the live one, from the clinic's history.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { allocateSlot } from '../support/allocation.js';
import { seedHistory } from '../support/estimate-history.js';
import { markSlot } from '../../src/server/domain/mark-slot/apply.js';
import { setMyNoticeThreshold } from '../../src/server/domain/notices/own-notice/apply.js';
import { sendMinutesNotices } from '../../src/server/domain/notices/minutes/apply.js';
import { createLiveEstimator } from '../../src/server/domain/estimate/live-estimate.js';
import { switchReception } from '../../src/server/domain/reception/apply.js';
import { noticeText } from '../../src/server/notify/deliverer.js';
import type { Store } from '../../src/server/storage/port.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { manualClock } from '../support/clock.js';
import { startMinutesRunner } from '../../src/server/domain/notices/minutes/timer.js';
import { storeVersion } from '../support/store-version.js';

describeStores('minutes notices', (kind) => {
  let t: TestStore;
  let store: Store;
  const now = new Date();
  beforeEach(async () => {
    t = await openTestStore(kind);
    store = t.store;
    // Consultations every 5 minutes on the same weekday for four weeks: the estimate is there from the start.
    await seedHistory(store, { now });
    await switchReception({ store, name: 'startInhouse' });
    await switchReception({ store, name: 'startOnline' });
  });
  afterEach(async () => t.cleanup());

  const take = (n: number) => allocateSlot({ store, reservedType: 'PWA', ownerId: `PWA_${n}` });
  const send = (via: Store = store) => sendMinutesNotices({ store: via, estimator: createLiveEstimator(via), now });
  const ahead5 = async () =>
    (await store.db.selectFrom('outbox').select('reservation_number').where('kind', '=', 'ahead5').orderBy('reservation_number').execute()).map((r) => r.reservation_number);
  const version = async () => (await storeVersion(store));

  it('tells a patient who chose minutes once their range starts within them, not by people ahead', async () => {
    const taken = [];
    for (let n = 1; n <= 12; n++) taken.push(await take(n));
    expect(await ahead5()).toEqual([1, 2, 3, 4, 5, 6]);
    // Number 8 (seven ahead: not yet by people) chose an hour; number 12 (eleven ahead) a quarter of an hour.
    await setMyNoticeThreshold({ store, ownerId: 'PWA_8', slotId: taken[7].slotId, choice: { minutes: 60 } });
    await setMyNoticeThreshold({ store, ownerId: 'PWA_12', slotId: taken[11].slotId, choice: { minutes: 15 } });
    expect(await send()).toEqual([8]);
    expect(await ahead5()).toEqual([1, 2, 3, 4, 5, 6, 8]);
    // Once: the next check sends nothing and writes nothing.
    const before = await version();
    expect(await send()).toEqual([]);
    expect(await version()).toBe(before);
    // The queue moves: number 12 comes within five of the front and is not told by people (it chose minutes)…
    for (const n of [1, 2, 3, 4, 5, 6, 7]) await markSlot({ store, slotId: taken[n - 1].slotId, action: 'start' });
    expect(await ahead5()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // …but by minutes, once one person is ahead of it.
    for (const n of [8, 9, 10]) await markSlot({ store, slotId: taken[n - 1].slotId, action: 'start' });
    expect(await send()).toEqual([12]);
    expect(noticeText('ahead5', '山田内科', 12, { minutes: 15 })).toContain('15分');
    expect(noticeText('ahead5', 'Yamada Clinic', 12, { lang: 'en', minutes: 15 })).toContain('15 minutes');
  });

  it('sends each notice once when two processes check at the same moment', async () => {
    const taken = [];
    for (let n = 1; n <= 8; n++) taken.push(await take(n));
    await setMyNoticeThreshold({ store, ownerId: 'PWA_8', slotId: taken[7].slotId, choice: { minutes: 60 } });
    const other = await t.reopen();
    const answers = await Promise.all([send(store), send(other)]);
    expect(answers.flat()).toEqual([8]);
    expect(await ahead5()).toEqual([1, 2, 3, 4, 5, 6, 8]);
  });

  it('is checked by a timer every minute and after a queue change, in each server process', async () => {
    const clock = manualClock(now);
    const runner = startMinutesRunner({ store, clock, log: { error: (obj) => console.error(obj) } });
    try {
      const taken = [];
      for (let n = 1; n <= 8; n++) taken.push(await take(n));
      await runner.settled(); // the first queue change was checked at once: nobody had chosen minutes
      await setMyNoticeThreshold({ store, ownerId: 'PWA_8', slotId: taken[7].slotId, choice: { minutes: 60 } });
      await runner.settled();
      // Within the gap after a check a change asks for none; the minute's timer does.
      expect(await ahead5()).toEqual([1, 2, 3, 4, 5, 6]);
      await clock.advance(60_000);
      await runner.settled();
      expect(await ahead5()).toEqual([1, 2, 3, 4, 5, 6, 8]);
      expect(clock.pendingTimers()).toBe(1);
    } finally {
      runner.stop();
    }
    expect(clock.pendingTimers()).toBe(0);
  });

  it('writes nothing when nobody waits for a minutes notice', async () => {
    await take(1);
    const before = await version();
    expect(await send()).toEqual([]);
    expect(await version()).toBe(before);
  });
});
