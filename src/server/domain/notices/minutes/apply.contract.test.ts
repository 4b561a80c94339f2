/**
 * "Leave home by" over each real store: the notices now due, the rows' marks and their events in one
 * transaction; a check with nobody due writes nothing. The estimate is the live one, from four weeks of
 * history at 5 minutes a patient. (Two processes checking at once: test/notify/minutes-notices.test.ts.)
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { allocateSlot } from '../../../../../test/support/allocation.js';
import { seedHistory } from '../../../../../test/support/estimate-history.js';
import { describeStores, openTestStore, type TestStore } from '../../../../../test/support/stores.js';
import { watchWrites } from '../../../../../test/support/writes.js';
import { createLiveEstimator } from '../../estimate/live-estimate.js';
import { switchReception } from '../../reception/apply.js';
import { setMyNoticeThreshold } from '../own-notice/apply.js';
import { sendMinutesNotices } from './apply.js';

describeStores('sendMinutesNotices', (kind) => {
  let t: TestStore;
  const now = new Date();
  beforeEach(async () => {
    t = await openTestStore(kind);
    await seedHistory(t.store, { now });
    await switchReception({ store: t.store, name: 'startInhouse' });
    await switchReception({ store: t.store, name: 'startOnline' });
  });
  afterEach(async () => t.cleanup());
  const send = () => sendMinutesNotices({ store: t.store, estimator: createLiveEstimator(t.store), now });
  const told = (slotId: string) =>
    t.store.db.selectFrom('outbox').select(['kind', 'reservation_number']).where('slot_id', '=', slotId).where('kind', '=', 'ahead5').execute();

  it('writes the notice due, its mark and its events in one transaction; the next check writes nothing', async () => {
    const taken = [];
    for (let n = 1; n <= 12; n++) taken.push(await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: `PWA_${n}` }));
    const eighth = taken[7].slotId;
    await setMyNoticeThreshold({ store: t.store, ownerId: 'PWA_8', slotId: eighth, choice: { minutes: 60 } });
    const seen = await watchWrites(t.store);
    expect(await send()).toEqual([8]);
    const { bumps, notices } = await seen();
    expect(bumps).toBe(1);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toEqual(expect.arrayContaining([{ type: 'slotMarked', slotId: eighth }]));
    expect(notices[0].every((e) => e.slotId === eighth)).toBe(true);
    expect(await told(eighth)).toEqual([{ kind: 'ahead5', reservation_number: 8 }]);
    expect((await t.store.db.selectFrom('reservation_slots').select('notified_at').where('id', '=', eighth).executeTakeFirstOrThrow()).notified_at).toEqual(
      expect.any(String),
    );

    expect(await send()).toEqual([]);
    expect((await seen()).bumps).toBe(1);
  });

  it('writes nothing when nobody chose minutes', async () => {
    for (let n = 1; n <= 12; n++) await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: `PWA_${n}` });
    const seen = await watchWrites(t.store);
    expect(await send()).toEqual([]);
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
  });
});
