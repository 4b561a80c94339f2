/**
 * The readings recorder's apply over each real store: one tick's rows written once however often it is
 * recorded, without the writers' lock (no version, no event); closed reception writes nothing. Four weeks
 * of history at 5 minutes a patient, so the live estimate is there.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { allocateSlot } from '../../../../test/support/allocation.js';
import { seedHistory } from '../../../../test/support/estimate-history.js';
import { describeStores, openTestStore, type TestStore } from '../../../../test/support/stores.js';
import { watchWrites } from '../../../../test/support/writes.js';
import { createLiveEstimator } from '../estimate/live-estimate.js';
import { switchReception } from '../reception/apply.js';
import { recordTick } from './apply.js';
import { tickOf } from './rule.js';

describeStores('recordTick', (kind) => {
  let t: TestStore;
  const now = new Date();
  beforeEach(async () => {
    t = await openTestStore(kind);
    await seedHistory(t.store, { now });
  });
  afterEach(async () => t.cleanup());
  const record = () => recordTick({ store: t.store, estimator: createLiveEstimator(t.store), now, tick: tickOf(now.getTime()) });
  const readings = () => t.store.db.selectFrom('wait_readings').select(['slot_id', 'ahead']).orderBy('ahead').execute();

  it('records each waiting patient once per tick, and touches no version', async () => {
    await switchReception({ store: t.store, name: 'startInhouse' });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null })).slotId);
    const seen = await watchWrites(t.store);
    expect(await record()).toEqual({ open: true, recorded: 3 });
    expect(await record()).toEqual({ open: true, recorded: 0 });
    expect((await readings()).map((r) => r.slot_id)).toEqual(ids);
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
  });

  it('writes nothing while reception is closed', async () => {
    expect(await record()).toEqual({ open: false, recorded: 0 });
    expect(await readings()).toEqual([]);
  });
});
