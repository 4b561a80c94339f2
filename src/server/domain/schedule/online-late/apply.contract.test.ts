/**
 * Online reception closing on time over each real store: the period's row, online off with its reason, the
 * event and the audit line (by "schedule") in one transaction; a second check in that period writes
 * nothing. Tuesday 2026-11-24 in Tokyo, the default calendar (online 9:30–11:00, period until 11:30), four
 * weeks of history at 5 minutes a patient.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from '../../../../shared/schedule/types.js';
import { allocateSlot } from '../../../../../test/support/allocation.js';
import { seedHistory } from '../../../../../test/support/estimate-history.js';
import { describeStores, openTestStore, type TestStore } from '../../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../../test/support/writes.js';
import { createLiveEstimator } from '../../estimate/live-estimate.js';
import { switchReception } from '../../reception/apply.js';
import { applyDueEdges } from '../edges/apply.js';
import { saveScheduleSettings } from '../edit/apply.js';
import { japaneseHoliday } from '../holidays.js';
import { closeOnlineIfLate } from './apply.js';

const jst = (hhmm: string) => new Date(Date.parse(`2026-11-24T${hhmm}:00+09:00`));

describeStores('closeOnlineIfLate', (kind) => {
  let t: TestStore;
  let now: Date;
  beforeEach(async () => {
    now = jst('09:31');
    t = await openTestStore(kind, { clock: () => now });
    await seedHistory(t.store, { weeks: 4, gapMinutes: 5, now: jst('08:50') });
    await saveScheduleSettings({ store: t.store, settings: { ...DEFAULT_SCHEDULE.settings, closeOnlineWhenLate: true, lateMarginMinutes: 10 } });
    await switchReception({ store: t.store, name: 'startInhouse' });
    // Online opened by the calendar, not by hand: a hand on the switch would stand.
    await applyDueEdges(t.store, now, japaneseHoliday);
  });
  afterEach(async () => t.cleanup());
  const check = () => closeOnlineIfLate({ store: t.store, now, estimator: createLiveEstimator(t.store), holidays: japaneseHoliday });
  const runtime = () => t.store.db.selectFrom('runtime').select(['online_on', 'online_late_at']).executeTakeFirstOrThrow();

  it('closes in one transaction with its row, reason, event and audit line; a second check writes nothing', async () => {
    expect((await runtime()).online_on).toBe(1);
    for (let i = 0; i < 40; i++) await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null });
    now = jst('09:35');
    const seen = await watchWrites(t.store);
    expect(await check()).toMatchObject({ close: true, waiting: 40 });
    expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'receptionSwitched' }]] });
    expect(await runtime()).toEqual({ online_on: 0, online_late_at: now.toISOString() });
    expect(await t.store.db.selectFrom('schedule_edges').select('kind').where('kind', '=', 'onlineLate').execute()).toHaveLength(1);
    expect((await auditLines(t.store)).filter((l) => l.action === 'schedule.onlineLate')).toEqual([
      { username: 'schedule', action: 'schedule.onlineLate', target: jst('09:00').toISOString() },
    ]);

    expect(await check()).toBeNull();
    expect((await seen()).bumps).toBe(1);
  });

  it('leaves a short queue open and writes nothing', async () => {
    await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null });
    const seen = await watchWrites(t.store);
    expect(await check()).toBeNull();
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
    expect((await runtime()).online_on).toBe(1);
  });
});
